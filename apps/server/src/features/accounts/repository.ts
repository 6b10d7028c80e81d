import type { Kysely } from 'kysely';
import { toDbTime } from '../../core/db/index.ts';
import { prepareQuery } from '../../core/db/prepared.ts';
import type { Database, User } from '../../core/db/types.ts';
import { endRestoresOfUser } from './restore-cookie-repository.ts';

type Db = Kysely<Database>;

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the user; returns undefined when the e-mail is already taken (a concurrent sign-up). */
export async function createUser(
  db: Db,
  email: string,
  passwordHash: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .insertInto('users')
    .values({ email, password_hash: passwordHash, email_confirmed_at: null, created_at: toDbTime(now) })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Spends every outstanding (unused) token of `purpose` the user has: a newer link, a used one or a
 * password change makes the older links worthless (an old reset e-mail must not take the account over).
 */
async function endOutstandingEmailTokens(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: toDbTime(now) })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** What an e-mailed link does; 'set_password' links carry the address they were sent to. */
export type EmailTokenPurpose = 'confirm_email' | 'reset_password' | 'set_password';

/** Stores a new single-use token after ending the user's outstanding ones of the same purpose. */
export async function createEmailToken(
  db: Db,
  token: { userId: number; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date; email?: string },
  now: Date,
): Promise<void> {
  await endOutstandingEmailTokens(db, token.userId, token.purpose, now);
  await db
    .insertInto('email_tokens')
    .values({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      expires_at: toDbTime(token.expiresAt),
      used_at: null,
      created_at: toDbTime(now),
      email: token.email ?? null,
    })
    .execute();
}

/**
 * Marks an unused, unexpired token of `purpose` used and answers its user; the conditional update makes a
 * link single-use even when two requests race. Undefined when nothing matched (unknown, used, expired).
 */
async function claimEmailToken(
  trx: Db,
  tokenHash: string,
  purpose: 'confirm_email' | 'reset_password',
  now: Date,
): Promise<{ user_id: number } | undefined> {
  return trx
    .updateTable('email_tokens')
    .set({ used_at: toDbTime(now) })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', toDbTime(now))
    .returning('user_id')
    .executeTakeFirst();
}

/**
 * Marks an unused, unexpired token used and confirms its user, in one transaction. The conditional
 * update is what makes the link single-use even when two requests race. Returns false when nothing
 * matched (unknown, used or expired): then nothing changed.
 */
export async function consumeConfirmationToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await claimEmailToken(trx, tokenHash, 'confirm_email', now);
    if (!claimed) return false;
    await trx
      .updateTable('users')
      .set({ email_confirmed_at: toDbTime(now) })
      .where('id', '=', claimed.user_id)
      .where('email_confirmed_at', 'is', null)
      .execute();
    return true;
  });
}

export async function revokeToken(db: Db, jti: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: toDbTime(expiresAt) })
    .onConflict((conflict) => conflict.column('jti').doNothing())
    .execute();
  // Expired tokens fail verification anyway: their revocation rows are no longer needed.
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', toDbTime(new Date())).execute();
}

export type SessionUserRow = {
  id: number;
  email: string | null;
  wallet_address: string | null;
  has_password: boolean;
  sessions_valid_from: string | null;
  sessions_kept_jti: string | null;
  is_revoked: boolean;
};

/**
 * What every authenticated request needs, in one query compiled once: the token's user (if it still
 * exists) and whether the token was revoked.
 */
export function prepareFindSessionUser(
  db: Kysely<Database>,
): (userId: number, jti: string) => Promise<SessionUserRow | undefined> {
  const query = prepareQuery(db, [0, ''] as [number, string], (userId, jti) =>
    db
      .selectFrom('users')
      .select((eb) => [
        'id',
        'email',
        'wallet_address',
        eb('password_hash', 'is not', null).as('has_password'),
        'sessions_valid_from',
        'sessions_kept_jti',
        eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti)).as('is_revoked'),
      ])
      .where('id', '=', userId),
  );
  return async (userId, jti) => {
    const [row] = await query(userId, jti);
    return row && { ...row, has_password: Boolean(row.has_password), is_revoked: Boolean(row.is_revoked) };
  };
}

export async function addPendingExchangeConnection(
  db: Db,
  userId: number,
  code: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('exchange_connections')
    .values({ user_id: userId, code, status: 'pending', created_at: toDbTime(now) })
    .execute();
}

/**
 * Spends an unused, unexpired reset token: the new password, every session issued before now ends
 * (sessions_valid_from, none kept) with every restore cookie, the token and every other outstanding reset
 * link of the user are spent, in one transaction. Answers the user's id; undefined when the token is unknown, used or expired:
 * then nothing changed.
 */
export async function consumeResetToken(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const claimed = await claimEmailToken(trx, tokenHash, 'reset_password', now);
    if (!claimed) return undefined;
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, sessions_valid_from: now.toISOString(), sessions_kept_jti: null })
      .where('id', '=', claimed.user_id)
      .execute();
    await endOutstandingEmailTokens(trx, claimed.user_id, 'reset_password', now);
    await endRestoresOfUser(trx, claimed.user_id);
    return claimed.user_id;
  });
}

/**
 * A signed-in user's new password, in one transaction: every other session ends (issued before now, but
 * `keptJti`, the session that made the change), and so do every outstanding reset link and every restore
 * cookie but the changing browser's family.
 */
export async function changePassword(
  db: Db,
  change: { userId: number; passwordHash: string; keptJti: string; keptRestoreFamily?: string | undefined },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        password_hash: change.passwordHash,
        sessions_valid_from: now.toISOString(),
        sessions_kept_jti: change.keptJti,
      })
      .where('id', '=', change.userId)
      .execute();
    await endOutstandingEmailTokens(trx, change.userId, 'reset_password', now);
    await endRestoresOfUser(trx, change.userId, change.keptRestoreFamily);
  });
}

/** Spends a 'set a password' link if it is unused and unexpired; answers its user and the address it names. */
export function claimPasswordSetupToken(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable('email_tokens')
    .set({ used_at: toDbTime(now) })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', 'set_password')
    .where('used_at', 'is', null)
    .where('expires_at', '>', toDbTime(now))
    .returning(['user_id', 'email'])
    .executeTakeFirst();
}

/** Gives an account without a password its (confirmed) e-mail and password. Returns whether it had none. */
export async function setFirstPassword(
  db: Db,
  user: { id: number; email: string; passwordHash: string },
  now: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ email: user.email, email_confirmed_at: toDbTime(now), password_hash: user.passwordHash })
    .where('id', '=', user.id)
    .where('password_hash', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/** Deletes a user row (wallets, tracking, tokens, nonces and imports go with it by foreign key). */
export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
