import { AppError, type SessionResponse } from '@tidewatch/shared';
import { type LoaderFunctionArgs, replace, useRouteLoaderData } from 'react-router';
import { getSession } from '../features/auth/api/get-session.ts';
import { restoreSession } from '../features/auth/api/restore-session.ts';
import { clearSessionToken, getSessionToken } from '../lib/session.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { paths } from './paths.ts';

/** Route id of the guard layout; guarded screens read the session through `useSession`. */
export const sessionGuardId = 'session-guard';

/**
 * Loader of the guard layout route. A tab without a token first asks for this browser's session to be
 * restored (a new tab of a signed-in user, a link from an alert e-mail: decision 022). A visitor, or one
 * whose token the server no longer accepts, goes to /login, which then says 'please login first to view
 * this page' (spec sections 2, 6, 8) and comes back here after login. The redirect replaces this entry in
 * the history, so Back from /login goes past the page that sent there instead of looping.
 */
export async function sessionGuardLoader({ request }: LoaderFunctionArgs): Promise<SessionResponse> {
  const { pathname, search } = new URL(request.url);
  const toLogin = paths.login.getHref({ reason: 'login-required', next: pathname + search });
  if (!getSessionToken() && !(await restoreSession())) throw replace(toLogin);
  // The check is built and sent in a task after the router's own start-up, not in the same long one.
  await yieldToMain();
  try {
    return await getSession(request.signal);
  } catch (error) {
    // A rejected token is useless: forget it. A network failure keeps it, so a retry can succeed.
    if (!(error instanceof AppError && error.code === 'UNAUTHENTICATED')) throw replace(toLogin);
    clearSessionToken();
    // An expired token in a browser that is still signed in: restore once and check again.
    if (!(await restoreSession())) throw replace(toLogin);
    try {
      return await getSession(request.signal);
    } catch {
      throw replace(toLogin);
    }
  }
}

/** The logged-in user's session; only valid inside a guarded route. */
export function useSession(): SessionResponse['session'] {
  const data = useRouteLoaderData(sessionGuardId) as SessionResponse | undefined;
  if (!data) throw new Error('useSession is only available inside a session-guarded route');
  return data.session;
}
