import { AppError, emailNotConfirmedMessage, invalidCredentialsMessage } from '@tidewatch/shared';
import { issueToken, type TokenClaims } from '../../core/auth/jwt.ts';
import { clientKeyOf } from '../../core/throttle/client-key.ts';
import { RateLimitedError, type ThrottleCheck } from '../../core/throttle/throttles.ts';
import { type AccountsContext, burnPasswordCheck } from './context.ts';
import * as repo from './repository.ts';
import {
  endRestoreFamily,
  issueRestoreCookie,
  type RestoreCookie,
  spendRestoreCookie,
} from './restore-cookie-repository.ts';

/** What a login answers: the bearer token, and the restore cookie a new tab of this browser starts from. */
type OpenedSession = { token: string; claims: TokenClaims; restore: RestoreCookie };

/** Failed logins of one address from one client: the throttle's limit free, then 30 s, 1, 2, 4 … up to 15 min. */
const loginBackoff = { baseSeconds: 30, maxSeconds: 15 * 60 };

/** The login-failure counter of (address, client): the key starts with the address, so a reset can clear it. */
const loginFailuresOf = (email: string, ip: string): ThrottleCheck => ({
  name: 'loginPerAccountClient',
  key: `${email} ${ip}`,
});

/** A bearer token and a restore cookie of a new family (a login). */
export async function openSession(ctx: AccountsContext, userId: number): Promise<OpenedSession> {
  const at = ctx.now();
  const restore = await issueRestoreCookie(ctx.db, userId, at);
  return { ...(await issueToken(ctx.jwtSecret, userId, at)), restore };
}

/**
 * Checks credentials with throttling; unknown e-mail and wrong password fail alike. Failures slow down
 * (address, client) pairs with growing delays and cap each client overall (password spraying); nobody
 * can lock an address for everyone by failing on purpose (OWASP's guidance on lockout).
 */
export async function logIn(ctx: AccountsContext, email: string, password: string, ip: string) {
  // An IPv6 client counts by its /64: it can change the rest of its address at will.
  const client = clientKeyOf(ip);
  const byPair = loginFailuresOf(email, client);
  const byClient: ThrottleCheck = { name: 'loginPerIp', key: client };
  // Counted before the password is checked, so guesses sent all at once cannot pass together.
  const { retryAfter, ids } = await ctx.throttles.attempt(byPair, byClient, loginBackoff);
  if (retryAfter > 0) throw new RateLimitedError(retryAfter, 'login attempts');
  const user = await repo.findUserByEmail(ctx.db, email);
  let isValid = false;
  // Accounts created from a wallet have no password (and no e-mail): they never match here.
  if (user?.password_hash) isValid = await ctx.passwords.verify(user.password_hash, password);
  else await burnPasswordCheck(ctx, password);
  // A wrong guess stays counted (it was counted before the check).
  if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS', invalidCredentialsMessage);
  // The right password forgives this attempt and the pair's earlier failures (not the client's others).
  await ctx.throttles.forgive(ids);
  await ctx.throttles.forget(byPair);
  if (user.email_confirmed_at === null) throw new AppError('EMAIL_NOT_CONFIRMED', emailNotConfirmedMessage);
  return openSession(ctx, user.id);
}

/**
 * A login proven some other way (a wallet signature), throttled like the password login: `prove`
 * answers the user id or throws; a failure counts against (`key`, client) and the client.
 */
export async function logInThrottled(
  ctx: AccountsContext,
  key: string,
  ip: string,
  prove: () => Promise<number>,
) {
  const client = clientKeyOf(ip);
  const byPair = loginFailuresOf(key, client);
  const { retryAfter, ids } = await ctx.throttles.attempt(
    byPair,
    { name: 'loginPerIp', key: client },
    loginBackoff,
  );
  if (retryAfter > 0) throw new RateLimitedError(retryAfter, 'login attempts');
  const userId = await prove();
  await ctx.throttles.forgive(ids);
  await ctx.throttles.forget(byPair);
  return openSession(ctx, userId);
}

/** Login from the exchange's redirect: also keeps the exchange's code as a pending connection. */
export async function logInWithExchangeCode(
  ctx: AccountsContext,
  email: string,
  password: string,
  code: string,
  ip: string,
) {
  const result = await logIn(ctx, email, password, ip);
  await repo.addPendingExchangeConnection(ctx.db, result.claims.userId, code, ctx.now());
  return result;
}

/**
 * A new tab's session from the restore cookie: a fresh bearer token and the cookie's next value (null
 * when a tab opened at the same moment already rotated it). Null for a cookie that restores nothing.
 */
export async function restoreSession(
  ctx: AccountsContext,
  value: string,
): Promise<{ token: string; restore: RestoreCookie | null } | null> {
  const spent = await spendRestoreCookie(ctx.db, value, ctx.now());
  if (!spent) return null;
  const { token } = await issueToken(ctx.jwtSecret, spent.userId, ctx.now());
  return { token, restore: spent.next };
}

/** Revokes the bearer token and ends this browser's restore cookie family (when it sent one). */
export async function logOut(
  ctx: AccountsContext,
  claims: TokenClaims,
  restoreValue?: string,
): Promise<void> {
  await repo.revokeToken(ctx.db, claims.jti, claims.expiresAt);
  if (restoreValue) await endRestoreFamily(ctx.db, claims.userId, restoreValue);
}
