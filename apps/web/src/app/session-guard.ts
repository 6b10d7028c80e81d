import { AppError, type SessionResponse } from '@tidewatch/shared';
import { type LoaderFunctionArgs, redirect, useRouteLoaderData } from 'react-router';
import { getSession } from '../features/auth/api/get-session.ts';
import { clearSessionToken, getSessionToken } from '../lib/session.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { paths } from './paths.ts';

/** Route id of the guard layout; guarded screens read the session through `useSession`. */
export const sessionGuardId = 'session-guard';

/**
 * Loader of the guard layout route: a visitor without a token, or whose token the server no longer accepts,
 * goes to /login, which then says 'please login first to view this page' (spec sections 2, 6, 8).
 */
export async function sessionGuardLoader({ request }: LoaderFunctionArgs): Promise<SessionResponse> {
  const toLogin = paths.login.getHref({ reason: 'login-required' });
  if (!getSessionToken()) throw redirect(toLogin);
  // The check is built and sent in a task after the router's own start-up, not in the same long one.
  await yieldToMain();
  try {
    return await getSession(request.signal);
  } catch (error) {
    // A rejected token is useless: forget it. A network failure keeps it, so a retry can succeed.
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') clearSessionToken();
    throw redirect(toLogin);
  }
}

/** The logged-in user's session; only valid inside a guarded route. */
export function useSession(): SessionResponse['session'] {
  const data = useRouteLoaderData(sessionGuardId) as SessionResponse | undefined;
  if (!data) throw new Error('useSession is only available inside a session-guarded route');
  return data.session;
}
