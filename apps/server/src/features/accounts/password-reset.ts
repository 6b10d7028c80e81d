import { randomBytes } from 'node:crypto';
import { AppError, passwordResetLinkInvalidMessage } from '@tidewatch/shared';
import {
  type AccountsContext,
  burnPasswordCheck,
  hashEmailToken,
  passwordResetLifetimeMs,
  refuseCommonPassword,
} from './context.ts';
import { passwordResetEmail } from './emails.ts';
import * as repo from './repository.ts';

/**
 * Sends a single-use reset link (1 hour) when the address has a password account; answers the same,
 * after the same work, either way, so nobody learns whether an address has an account: one password
 * hash on both branches, and the e-mail goes out after the answer. A new link ends the older ones.
 * Counted per IP and per address.
 */
export async function requestPasswordReset(ctx: AccountsContext, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, email);
  await burnPasswordCheck(ctx, email);
  if (!user?.password_hash) return;
  const token = randomBytes(32).toString('base64url');
  const at = ctx.now();
  await ctx.db.transaction().execute((trx) =>
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
  const link = `${ctx.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  // Not awaited: waiting for the mail server would make this branch slower than the other. A failed send
  // is logged; the person asks again (a new link).
  ctx.mailer
    .send(passwordResetEmail(email, link))
    .catch((error: unknown) => ctx.log?.warn({ err: error }, 'password reset e-mail not sent'));
}

/**
 * Uses a reset link: new password, every session logged out, every reset link spent, the address's
 * login failures forgiven (it is the owner); all or nothing.
 */
export async function resetPassword(ctx: AccountsContext, token: string, password: string): Promise<void> {
  refuseCommonPassword(password, 'body.password');
  const passwordHash = await ctx.passwords.hash(password);
  const userId = await repo.consumeResetToken(ctx.db, hashEmailToken(token), passwordHash, ctx.now());
  if (userId === undefined) throw new AppError('LINK_INVALID', passwordResetLinkInvalidMessage);
  const user = await repo.findUserById(ctx.db, userId);
  if (user?.email) await ctx.throttles.forgetPrefix('loginPerAccountClient', `${user.email} `);
}
