import { AppError } from '@tidewatch/shared';
import { RateLimitedError, type ThrottleCheck } from '../../core/throttle/throttles.ts';
import { type AccountsContext, burnPasswordCheck, refuseCommonPassword } from './context.ts';
import * as repo from './repository.ts';
import { findRestoreFamily } from './restore-cookie-repository.ts';

/**
 * Checks a signed-in user's password before a change (change password, delete the account). Failures are
 * throttled per user like logins, so a stolen session cannot guess the password.
 */
async function checkCurrentPassword(
  ctx: AccountsContext,
  userId: number,
  password: string,
  field: string,
  message: string,
) {
  const counter: ThrottleCheck = { name: 'passwordCheckPerUser', key: String(userId) };
  // Counted before the check, so guesses sent all at once cannot pass together; a right one forgives.
  const retryAfter = await ctx.throttles.take([counter]);
  if (retryAfter > 0) throw new RateLimitedError(retryAfter, 'password attempts');
  const user = await repo.findUserById(ctx.db, userId);
  let isRight = false;
  if (user?.password_hash) isRight = await ctx.passwords.verify(user.password_hash, password);
  else await burnPasswordCheck(ctx, password);
  if (!isRight) throw new AppError('VALIDATION_FAILED', message, { details: [{ field, message }] });
  await ctx.throttles.forget(counter);
}

/**
 * A signed-in user's new password; the current one must be right. Every other session ends (the one
 * that made the change, `kept.jti`, stays) and so does every outstanding reset link.
 */
export async function changePassword(
  ctx: AccountsContext,
  userId: number,
  current: string,
  next: string,
  kept: { jti: string; restoreValue?: string | undefined },
) {
  await checkCurrentPassword(
    ctx,
    userId,
    current,
    'body.current_password',
    'your current password is not right',
  );
  if (next === current) {
    // A 'change' that changes nothing would report success for nothing; say so instead.
    const message = 'the new password is the same as the current one';
    throw new AppError('VALIDATION_FAILED', message, { details: [{ field: 'body.new_password', message }] });
  }
  refuseCommonPassword(next, 'body.new_password');
  const passwordHash = await ctx.passwords.hash(next);
  const keptRestoreFamily = kept.restoreValue
    ? await findRestoreFamily(ctx.db, kept.restoreValue)
    : undefined;
  await repo.changePassword(
    ctx.db,
    { userId, passwordHash, keptJti: kept.jti, keptRestoreFamily },
    ctx.now(),
  );
}

/** Checks the password again before an irreversible step (deleting the account). */
export async function confirmPassword(ctx: AccountsContext, userId: number, password: string): Promise<void> {
  await checkCurrentPassword(ctx, userId, password, 'body.password', 'that password is not right');
}
