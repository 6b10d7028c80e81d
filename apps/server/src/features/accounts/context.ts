import { createHash } from 'node:crypto';
import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/types.ts';
import type { Mailer } from '../../core/mailer.ts';
import type { Throttles } from '../../core/throttle/throttles.ts';
import { dummyPasswordHash, isCommonPassword, type PasswordHasher } from './passwords.ts';

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

/** What every use case of the accounts feature is given: its deps, with the clock and the hash resolved. */
export type AccountsContext = Omit<AccountsDeps, 'now' | 'passwords'> & {
  now: () => Date;
  passwords: PasswordHasher;
};

export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The branch with no stored hash checks a throw-away one: one hash on every branch. */
export async function burnPasswordCheck(ctx: AccountsContext, password: string): Promise<void> {
  await ctx.passwords.verify(await dummyPasswordHash(), password);
}

/** VALIDATION_FAILED on `field` for a password on the common-passwords list. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    const message = 'this password is too common: choose another one';
    throw new AppError('VALIDATION_FAILED', message, { details: [{ field, message }] });
  }
}
