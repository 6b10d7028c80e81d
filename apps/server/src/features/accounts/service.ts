import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  emailNotConfirmedMessage,
  invalidCredentialsMessage,
  linkInvalidMessage,
  passwordResetLinkInvalidMessage,
} from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { issueToken, readToken, type TokenClaims } from '../../core/auth/jwt.ts';
import type { Session } from '../../core/auth/session.ts';
import type { Database } from '../../core/db/types.ts';
import type { Mailer } from '../../core/mailer.ts';
import { clientKeyOf } from '../../core/throttle/client-key.ts';
import { RateLimitedError, type ThrottleCheck, type Throttles } from '../../core/throttle/throttles.ts';
import { alreadyRegisteredEmail, confirmationEmail, passwordResetEmail } from './emails.ts';
import { createPasswordSetup } from './password-setup.ts';
import { argon2Hasher, dummyPasswordHash, isCommonPassword, type PasswordHasher } from './passwords.ts';
import * as repo from './repository.ts';
import {
  endRestoreFamily,
  findRestoreFamily,
  issueRestoreCookie,
  type RestoreCookie,
  spendRestoreCookie,
} from './session-restores.ts';

export const confirmationLifetimeMs = 24 * 60 * 60 * 1000;
export const passwordResetLifetimeMs = 60 * 60 * 1000;

export type AccountsDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  jwtSecret: string;
  /** Failed logins are counted here (per address and client, and per client), and failed password checks. */
  throttles: Throttles;
  now?: () => Date;
  /** The password hash (argon2id); tests count its calls. */
  passwords?: PasswordHasher;
  /** Where an e-mail sent after the answer reports a failure. */
  log?: { warn: (object: object, message: string) => void };
};

/** Failed logins of one address from one client: the throttle's limit free, then 30 s, 1, 2, 4 … up to 15 min. */
const loginBackoff = { baseSeconds: 30, maxSeconds: 15 * 60 };

/** The login-failure counter of (address, client): the key starts with the address, so a reset can clear it. */
const loginFailuresOf = (email: string, ip: string): ThrottleCheck => ({
  name: 'loginPerAccountClient',
  key: `${email} ${ip}`,
});

/** A valid session: its user and its token's claims. */
export type { Session };

/** What a login answers: the bearer token, and the restore cookie a new tab of this browser starts from. */
export type OpenedSession = { token: string; claims: TokenClaims; restore: RestoreCookie };

/** Sessions kept in memory (the oldest looked-up goes first): more than the open sessions of a busy server. */
const checkedSessionsMax = 10_000;

export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createAccountsService(deps: AccountsDeps) {
  const now = deps.now ?? (() => new Date());
  const passwords = deps.passwords ?? argon2Hasher;
  /** The branch with no stored hash checks a throw-away one: one hash on every branch. */
  const burnPasswordCheck = async (password: string) => {
    await passwords.verify(await dummyPasswordHash(), password);
  };
  const findSessionUser = repo.prepareFindSessionUser(deps.db);
  /** Sessions looked up, by token id, with the data_version they were looked up at (see authenticate). */
  const checkedSessions = new Map<string, { dataVersion: string; session: Session | null }>();

  /** Stores a fresh single-use confirmation token (in the caller's transaction, if any) and returns its link. */
  async function issueConfirmationLink(db: Kysely<Database>, userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await repo.createEmailToken(
      db,
      {
        userId,
        purpose: 'confirm_email',
        tokenHash: hashEmailToken(token),
        expiresAt: new Date(at.getTime() + confirmationLifetimeMs),
      },
      at,
    );
    return `${deps.publicUrl}/signup/confirm?token=${encodeURIComponent(token)}`;
  }

  async function sendConfirmation(userId: number, email: string): Promise<void> {
    // A fresh link ends the older ones; both writes or neither.
    const link = await deps.db.transaction().execute((trx) => issueConfirmationLink(trx, userId));
    await deps.mailer.send(confirmationEmail(email, link));
  }

  /**
   * Signs up, answering the same whether or not the address is taken. A taken, confirmed address
   * gets a "you already have an account" e-mail; a taken, unconfirmed one gets a fresh link.
   */
  async function signUp(email: string, password: string): Promise<void> {
    if (isCommonPassword(password)) {
      throw new AppError('VALIDATION_FAILED', 'this password is too common: choose another one', {
        details: [{ field: 'body.password', message: 'this password is too common: choose another one' }],
      });
    }
    // Hash before looking the address up so both branches take about the same time.
    const passwordHash = await passwords.hash(password);
    const existing = await repo.findUserByEmail(deps.db, email);
    if (!existing) {
      // The user and their confirmation token are written together: never an account without a link.
      // The e-mail goes out after the commit (a failed send is recovered by signing up again: a fresh link).
      const link = await deps.db.transaction().execute(async (trx) => {
        const userId = await repo.createUser(trx, email, passwordHash, now());
        return userId === undefined ? undefined : issueConfirmationLink(trx, userId);
      });
      if (link !== undefined) return deps.mailer.send(confirmationEmail(email, link));
    }
    // Taken, or taken by a concurrent sign-up a moment ago.
    const user = existing ?? (await repo.findUserByEmail(deps.db, email));
    if (user && user.email_confirmed_at === null) return sendConfirmation(user.id, email);
    await deps.mailer.send(alreadyRegisteredEmail(email, `${deps.publicUrl}/login`));
  }

  async function confirmEmail(token: string): Promise<void> {
    const confirmed = await repo.consumeConfirmationToken(deps.db, hashEmailToken(token), now());
    if (!confirmed) throw new AppError('LINK_INVALID', linkInvalidMessage);
  }

  /**
   * Checks credentials with throttling; unknown e-mail and wrong password fail alike. Failures slow down
   * (address, client) pairs with growing delays and cap each client overall (password spraying); nobody
   * can lock an address for everyone by failing on purpose (OWASP's guidance on lockout).
   */
  async function logIn(email: string, password: string, ip: string): Promise<OpenedSession> {
    // An IPv6 client counts by its /64: it can change the rest of its address at will.
    const client = clientKeyOf(ip);
    const byPair = loginFailuresOf(email, client);
    const byClient: ThrottleCheck = { name: 'loginPerIp', key: client };
    // Counted before the password is checked, so guesses sent all at once cannot pass together.
    const { retryAfter, ids } = await deps.throttles.attempt(byPair, byClient, loginBackoff);
    if (retryAfter > 0) throw new RateLimitedError(retryAfter, 'login attempts');
    const user = await repo.findUserByEmail(deps.db, email);
    let isValid = false;
    // Accounts created from a wallet have no password (and no e-mail): they never match here.
    if (user?.password_hash) isValid = await passwords.verify(user.password_hash, password);
    else await burnPasswordCheck(password);
    // A wrong guess stays counted (it was counted before the check).
    if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS', invalidCredentialsMessage);
    // The right password forgives this attempt and the pair's earlier failures (not the client's others).
    await deps.throttles.forgive(ids);
    await deps.throttles.forget(byPair);
    if (user.email_confirmed_at === null) throw new AppError('EMAIL_NOT_CONFIRMED', emailNotConfirmedMessage);
    return openSession(user.id);
  }

  /**
   * A login proven some other way (a wallet signature), throttled like the password login: `prove`
   * answers the user id or throws; a failure counts against (`key`, client) and the client.
   */
  async function logInThrottled(key: string, ip: string, prove: () => Promise<number>) {
    const client = clientKeyOf(ip);
    const byPair = loginFailuresOf(key, client);
    const { retryAfter, ids } = await deps.throttles.attempt(
      byPair,
      { name: 'loginPerIp', key: client },
      loginBackoff,
    );
    if (retryAfter > 0) throw new RateLimitedError(retryAfter, 'login attempts');
    const userId = await prove();
    await deps.throttles.forgive(ids);
    await deps.throttles.forget(byPair);
    return openSession(userId);
  }

  /** A bearer token and a restore cookie of a new family (a login). */
  async function openSession(userId: number): Promise<OpenedSession> {
    const at = now();
    const restore = await issueRestoreCookie(deps.db, userId, at);
    return { ...(await issueToken(deps.jwtSecret, userId, at)), restore };
  }

  /**
   * A new tab's session from the restore cookie: a fresh bearer token and the cookie's next value (null
   * when a tab opened at the same moment already rotated it). Null for a cookie that restores nothing.
   */
  async function restoreSession(
    value: string,
  ): Promise<{ token: string; restore: RestoreCookie | null } | null> {
    const spent = await spendRestoreCookie(deps.db, value, now());
    if (!spent) return null;
    const { token } = await issueToken(deps.jwtSecret, spent.userId, now());
    return { token, restore: spent.next };
  }

  /** Login from the exchange's redirect: also keeps the exchange's code as a pending connection. */
  async function logInWithExchangeCode(email: string, password: string, code: string, ip: string) {
    const result = await logIn(email, password, ip);
    await repo.addPendingExchangeConnection(deps.db, result.claims.userId, code, now());
    return result;
  }

  /**
   * The user behind a bearer token, or null if the token is invalid, expired, revoked or orphaned.
   * Given the database's data_version (read before this call), a token looked up at that same version is
   * answered from memory: every write that could end a session (logout, password reset, deleted account)
   * raises the version (migrations 012, 013), so the lookup is repeated after any of them.
   */
  async function authenticate(token: string, dataVersion?: string): Promise<Session | null> {
    const claims = await readToken(deps.jwtSecret, token);
    if (!claims || claims.expiresAt.getTime() <= now().getTime()) return null;
    const known = dataVersion === undefined ? undefined : checkedSessions.get(claims.jti);
    if (known && known.dataVersion === dataVersion) return known.session;
    const session = await lookUpSession(claims);
    if (dataVersion !== undefined) {
      checkedSessions.delete(claims.jti);
      checkedSessions.set(claims.jti, { dataVersion, session });
      if (checkedSessions.size > checkedSessionsMax)
        checkedSessions.delete(checkedSessions.keys().next().value!);
    }
    return session;
  }

  async function lookUpSession(claims: TokenClaims): Promise<Session | null> {
    const user = await findSessionUser(claims.userId, claims.jti);
    if (!user || user.is_revoked) return null;
    // A password reset or change ends every session opened before it; a change keeps the one that made it.
    const isBefore =
      user.sessions_valid_from !== null && claims.issuedAt.getTime() < Date.parse(user.sessions_valid_from);
    if (isBefore && claims.jti !== user.sessions_kept_jti) return null;
    const sessionUser = {
      id: user.id,
      email: user.email,
      has_password: user.has_password,
      wallet_address: user.wallet_address,
    };
    return { user: sessionUser, claims };
  }

  /** Revokes the bearer token and ends this browser's restore cookie family (when it sent one). */
  async function logOut(claims: TokenClaims, restoreValue?: string): Promise<void> {
    await repo.revokeToken(deps.db, claims.jti, claims.expiresAt);
    if (restoreValue) await endRestoreFamily(deps.db, claims.userId, restoreValue);
  }

  function refuseCommonPassword(password: string, field: string): void {
    if (isCommonPassword(password)) {
      const message = 'this password is too common: choose another one';
      throw new AppError('VALIDATION_FAILED', message, { details: [{ field, message }] });
    }
  }

  /**
   * Sends a single-use reset link (1 hour) when the address has a password account; answers the same,
   * after the same work, either way, so nobody learns whether an address has an account: one password
   * hash on both branches, and the e-mail goes out after the answer. A new link ends the older ones.
   * Counted per IP and per address.
   */
  async function requestPasswordReset(email: string): Promise<void> {
    const user = await repo.findUserByEmail(deps.db, email);
    await burnPasswordCheck(email);
    if (!user?.password_hash) return;
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await deps.db.transaction().execute((trx) =>
      repo.createEmailToken(
        trx,
        {
          userId: user.id,
          purpose: 'reset_password',
          tokenHash: hashEmailToken(token),
          expiresAt: new Date(at.getTime() + passwordResetLifetimeMs),
        },
        at,
      ),
    );
    const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // Not awaited: waiting for the mail server would make this branch slower than the other. A failed send
    // is logged; the person asks again (a new link).
    deps.mailer
      .send(passwordResetEmail(email, link))
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'password reset e-mail not sent'));
  }

  /**
   * Uses a reset link: new password, every session logged out, every reset link spent, the address's
   * login failures forgiven (it is the owner); all or nothing.
   */
  async function resetPassword(token: string, password: string): Promise<void> {
    refuseCommonPassword(password, 'body.password');
    const passwordHash = await passwords.hash(password);
    const userId = await repo.consumeResetToken(deps.db, hashEmailToken(token), passwordHash, now());
    if (userId === undefined) throw new AppError('LINK_INVALID', passwordResetLinkInvalidMessage);
    const user = await repo.findUserById(deps.db, userId);
    if (user?.email) await deps.throttles.forgetPrefix('loginPerAccountClient', `${user.email} `);
  }

  /**
   * Checks a signed-in user's password before a change (change password, delete the account). Failures are
   * throttled per user like logins, so a stolen session cannot guess the password.
   */
  async function checkCurrentPassword(userId: number, password: string, field: string, message: string) {
    const counter: ThrottleCheck = { name: 'passwordCheckPerUser', key: String(userId) };
    // Counted before the check, so guesses sent all at once cannot pass together; a right one forgives.
    const retryAfter = await deps.throttles.take([counter]);
    if (retryAfter > 0) throw new RateLimitedError(retryAfter, 'password attempts');
    const user = await repo.findUserById(deps.db, userId);
    let isRight = false;
    if (user?.password_hash) isRight = await passwords.verify(user.password_hash, password);
    else await burnPasswordCheck(password);
    if (!isRight) throw new AppError('VALIDATION_FAILED', message, { details: [{ field, message }] });
    await deps.throttles.forget(counter);
  }

  /**
   * A signed-in user's new password; the current one must be right. Every other session ends (the one
   * that made the change, `sessionJti`, stays) and so does every outstanding reset link.
   */
  async function changePassword(
    userId: number,
    current: string,
    next: string,
    kept: { jti: string; restoreValue?: string | undefined },
  ) {
    await checkCurrentPassword(
      userId,
      current,
      'body.current_password',
      'your current password is not right',
    );
    if (next === current) {
      // A 'change' that changes nothing would report success for nothing; say so instead.
      const message = 'the new password is the same as the current one';
      throw new AppError('VALIDATION_FAILED', message, {
        details: [{ field: 'body.new_password', message }],
      });
    }
    refuseCommonPassword(next, 'body.new_password');
    const passwordHash = await passwords.hash(next);
    const keptRestoreFamily = kept.restoreValue
      ? await findRestoreFamily(deps.db, kept.restoreValue)
      : undefined;
    await repo.changePassword(deps.db, { userId, passwordHash, keptJti: kept.jti, keptRestoreFamily }, now());
  }

  /** Checks the password again before an irreversible step (deleting the account). */
  async function confirmPassword(userId: number, password: string): Promise<void> {
    await checkCurrentPassword(userId, password, 'body.password', 'that password is not right');
  }

  const passwordSetup = createPasswordSetup({
    db: deps.db,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    now,
    hashToken: hashEmailToken,
    hashPassword: (password) => passwords.hash(password),
    refuseCommonPassword,
  });

  return {
    signUp,
    confirmEmail,
    logIn,
    logInWithExchangeCode,
    logInThrottled,
    /** A login proven some other way (a verified wallet signature) that needs no throttle (sign-up). */
    issueSessionToken: openSession,
    restoreSession,
    authenticate,
    logOut,
    ...passwordSetup,
    requestPasswordReset,
    resetPassword,
    changePassword,
    confirmPassword,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
