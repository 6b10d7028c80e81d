import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  emailNotConfirmedMessage,
  invalidCredentialsMessage,
  linkInvalidMessage,
  passwordResetLinkInvalidMessage,
  type SessionUser,
} from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Mailer } from '../../mailer.ts';
import { RateLimitedError, type ThrottleCheck, type Throttles } from '../../throttle/throttles.ts';
import { alreadyRegisteredEmail, confirmationEmail, passwordResetEmail } from './emails.ts';
import { issueToken, readToken, type TokenClaims } from './jwt.ts';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';

export const confirmationLifetimeMs = 24 * 60 * 60 * 1000;
export const passwordResetLifetimeMs = 60 * 60 * 1000;

export type AccountsDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  jwtSecret: string;
  /** Failed logins are counted here (per account and per IP). */
  throttles: Throttles;
  now?: () => Date;
};

/** A valid session: its user and its token's claims. */
export type Session = { user: SessionUser; claims: TokenClaims };

/** Sessions kept in memory (the oldest looked-up goes first): more than the open sessions of a busy server. */
const checkedSessionsMax = 10_000;

export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createAccountsService(deps: AccountsDeps) {
  const now = deps.now ?? (() => new Date());
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
    const link = await issueConfirmationLink(deps.db, userId);
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
    const passwordHash = await hashPassword(password);
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

  /** Checks credentials with throttling; unknown e-mail and wrong password fail alike. */
  async function logIn(
    email: string,
    password: string,
    ip: string,
  ): Promise<{ token: string; claims: TokenClaims }> {
    const byAccount: ThrottleCheck = { name: 'loginPerAccount', key: email };
    const failureCounters: ThrottleCheck[] = [byAccount, { name: 'loginPerIp', key: ip }];
    const retryAfter = await deps.throttles.retryAfter(failureCounters);
    if (retryAfter > 0) throw new RateLimitedError(retryAfter, 'login attempts');
    const user = await repo.findUserByEmail(deps.db, email);
    let isValid = false;
    // Accounts created from a wallet have no password (and no e-mail): they never match here.
    if (user?.password_hash) isValid = await verifyPassword(user.password_hash, password);
    else await burnPasswordCheck(password);
    if (!user || !isValid) {
      await deps.throttles.record(failureCounters);
      throw new AppError('INVALID_CREDENTIALS', invalidCredentialsMessage);
    }
    if (user.email_confirmed_at === null) throw new AppError('EMAIL_NOT_CONFIRMED', emailNotConfirmedMessage);
    // A successful login forgives the account's earlier failures (not the IP's).
    await deps.throttles.forget(byAccount);
    return issueToken(deps.jwtSecret, user.id, now());
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
    // A password reset ends every session opened before it.
    if (user.sessions_valid_from && claims.issuedAt.getTime() < Date.parse(user.sessions_valid_from))
      return null;
    return { user: { id: user.id, email: user.email }, claims };
  }

  async function logOut(claims: TokenClaims): Promise<void> {
    await repo.revokeToken(deps.db, claims.jti, claims.expiresAt);
  }

  /** A bearer token for a user proven some other way (a verified wallet signature). */
  function issueSessionToken(userId: number): Promise<{ token: string; claims: TokenClaims }> {
    return issueToken(deps.jwtSecret, userId, now());
  }

  function refuseCommonPassword(password: string, field: string): void {
    if (isCommonPassword(password)) {
      const message = 'this password is too common: choose another one';
      throw new AppError('VALIDATION_FAILED', message, { details: [{ field, message }] });
    }
  }

  /**
   * Sends a single-use reset link (1 hour) when the address has a password account; answers the same
   * either way, so nobody learns whether an address has an account. Counted per IP and per address.
   */
  async function requestPasswordReset(email: string): Promise<void> {
    const user = await repo.findUserByEmail(deps.db, email);
    if (!user?.password_hash) {
      await burnPasswordCheck('timing'); // about as long as the path that stores a token and sends mail
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await repo.createEmailToken(
      deps.db,
      {
        userId: user.id,
        purpose: 'reset_password',
        tokenHash: hashEmailToken(token),
        expiresAt: new Date(at.getTime() + passwordResetLifetimeMs),
      },
      at,
    );
    await deps.mailer.send(
      passwordResetEmail(email, `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`),
    );
  }

  /** Uses a reset link: new password, every session logged out, the link spent; all or nothing. */
  async function resetPassword(token: string, password: string): Promise<void> {
    refuseCommonPassword(password, 'body.password');
    const passwordHash = await hashPassword(password);
    const isReset = await repo.consumeResetToken(deps.db, hashEmailToken(token), passwordHash, now());
    if (!isReset) throw new AppError('LINK_INVALID', passwordResetLinkInvalidMessage);
  }

  /** A signed-in user's new password; the current one must be right. */
  async function changePassword(userId: number, current: string, next: string): Promise<void> {
    const user = await repo.findUserById(deps.db, userId);
    if (!user?.password_hash || !(await verifyPassword(user.password_hash, current))) {
      const message = 'your current password is not right';
      throw new AppError('VALIDATION_FAILED', message, {
        details: [{ field: 'body.current_password', message }],
      });
    }
    if (next === current) {
      // A 'change' that changes nothing would report success for nothing; say so instead.
      const message = 'the new password is the same as the current one';
      throw new AppError('VALIDATION_FAILED', message, {
        details: [{ field: 'body.new_password', message }],
      });
    }
    refuseCommonPassword(next, 'body.new_password');
    await repo.setPassword(deps.db, userId, await hashPassword(next));
  }

  /** Checks the password again before an irreversible step (deleting the account). */
  async function confirmPassword(userId: number, password: string): Promise<void> {
    const user = await repo.findUserById(deps.db, userId);
    const isRight = user?.password_hash ? await verifyPassword(user.password_hash, password) : false;
    if (!isRight) {
      const message = 'that password is not right';
      throw new AppError('VALIDATION_FAILED', message, { details: [{ field: 'body.password', message }] });
    }
  }

  return {
    signUp,
    confirmEmail,
    logIn,
    logInWithExchangeCode,
    authenticate,
    logOut,
    issueSessionToken,
    requestPasswordReset,
    resetPassword,
    changePassword,
    confirmPassword,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
