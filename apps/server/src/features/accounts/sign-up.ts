import { randomBytes } from 'node:crypto';
import { AppError, linkInvalidMessage } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/types.ts';
import {
  type AccountsContext,
  confirmationLifetimeMs,
  hashEmailToken,
  refuseCommonPassword,
} from './context.ts';
import { alreadyRegisteredEmail, confirmationEmail } from './emails.ts';
import * as repo from './repository.ts';

/** Stores a fresh single-use confirmation token (in the caller's transaction, if any) and returns its link. */
async function issueConfirmationLink(
  ctx: AccountsContext,
  db: Kysely<Database>,
  userId: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = ctx.now();
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
  return `${ctx.publicUrl}/signup/confirm?token=${encodeURIComponent(token)}`;
}

async function sendConfirmation(ctx: AccountsContext, userId: number, email: string): Promise<void> {
  // A fresh link ends the older ones; both writes or neither.
  const link = await ctx.db.transaction().execute((trx) => issueConfirmationLink(ctx, trx, userId));
  await ctx.mailer.send(confirmationEmail(email, link));
}

/**
 * Signs up, answering the same whether or not the address is taken. A taken, confirmed address
 * gets a "you already have an account" e-mail; a taken, unconfirmed one gets a fresh link.
 */
export async function signUp(ctx: AccountsContext, email: string, password: string): Promise<void> {
  refuseCommonPassword(password, 'body.password');
  // Hash before looking the address up so both branches take about the same time.
  const passwordHash = await ctx.passwords.hash(password);
  const existing = await repo.findUserByEmail(ctx.db, email);
  if (!existing) {
    // The user and their confirmation token are written together: never an account without a link.
    // The e-mail goes out after the commit (a failed send is recovered by signing up again: a fresh link).
    const link = await ctx.db.transaction().execute(async (trx) => {
      const userId = await repo.createUser(trx, email, passwordHash, ctx.now());
      return userId === undefined ? undefined : issueConfirmationLink(ctx, trx, userId);
    });
    if (link !== undefined) return ctx.mailer.send(confirmationEmail(email, link));
  }
  // Taken, or taken by a concurrent sign-up a moment ago.
  const user = existing ?? (await repo.findUserByEmail(ctx.db, email));
  if (user && user.email_confirmed_at === null) return sendConfirmation(ctx, user.id, email);
  await ctx.mailer.send(alreadyRegisteredEmail(email, `${ctx.publicUrl}/login`));
}

/** Spends a confirmation link; LINK_INVALID when it is unknown, used or expired. */
export async function confirmEmail(ctx: AccountsContext, token: string): Promise<void> {
  const confirmed = await repo.consumeConfirmationToken(ctx.db, hashEmailToken(token), ctx.now());
  if (!confirmed) throw new AppError('LINK_INVALID', linkInvalidMessage);
}
