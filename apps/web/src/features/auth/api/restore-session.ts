// The texts module, not the package index: this file is in the start-up bundle, which carries no zod.
import { sessionRestoreHintCookieName } from '@tidewatch/shared/auth-texts';
import { api } from '../../../lib/api-client.ts';
import { setSessionToken } from '../../../lib/session.ts';
import { loadAccountAccessSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/**
 * The server's readable flag beside its httpOnly restore cookie (decision 022): set at login, cleared at
 * logout. Without it there is nothing to restore, and a visitor's tab asks nothing.
 */
export function hasRestoreHint(): boolean {
  return document.cookie.split(/;\s*/).includes(`${sessionRestoreHintCookieName}=1`);
}

let pending: Promise<string | null> | null = null;

/**
 * POST /api/internal/session/restore: a tab without `jwtToken` in session storage trades this browser's
 * restore cookie for a fresh token, stored under `jwtToken` as a login stores it. Resolves to the token, or
 * null when nothing was restored (no flag, the cookie was ended, or the server could not be reached). Calls
 * made while one is under way share it: the cookie is rotated once.
 */
export function restoreSession(): Promise<string | null> {
  if (!hasRestoreHint()) return Promise.resolve(null);
  pending ??= api
    .post('/internal/session/restore', undefined, {
      schema: schemaFrom(loadAccountAccessSchemas, 'sessionRestoreResponseSchema'),
    })
    .then(({ token }) => {
      if (token) setSessionToken(token);
      return token;
    })
    .catch(() => null)
    .finally(() => {
      pending = null;
    });
  return pending;
}
