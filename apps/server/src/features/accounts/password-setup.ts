import { randomBytes } from 'node:crypto';
import { AppError, passwordSetupLifetimeMs, passwordSetupLinkInvalidMessage } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/types.ts';
import type { Mailer } from '../../core/mailer.ts';
import { addressTakenEmail, passwordSetupEmail } from './emails.ts';
import * as repo from './repository.ts';

/**
 * 'set a password' for an account that has none (made from a wallet): the owner names an e-mail address,
 * a link goes there, and using it stores the address (confirmed: the link proves it) and the password
 * together. An address another account uses gets a 'you already have an account' e-mail instead, and the
 * answer is the same either way, so nobody learns which addresses have accounts.
 */
export type PasswordSetupDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  hashToken: (token: string) => string;
  hashPassword: (password: string) => Promise<string>;
  refuseCommonPassword: (password: string, field: string) => void;
};

const takenMessage = 'another account uses this e-mail address: choose another one';

export function createPasswordSetup(deps: PasswordSetupDeps) {
  async function requestPasswordSetup(userId: number, email: string): Promise<void> {
    const user = await repo.findUserById(deps.db, userId);
    if (!user)
      throw new AppError('UNAUTHENTICATED', 'your session has expired or ended: please log in again');
    if (user.password_hash) {
      throw new AppError('CONFLICT', 'your account already has a password: change it instead');
    }
    const owner = await repo.findUserByEmail(deps.db, email);
    if (owner && owner.id !== userId) {
      return deps.mailer.send(addressTakenEmail(email, `${deps.publicUrl}/login`));
    }
    const token = randomBytes(32).toString('base64url');
    const at = deps.now();
    await deps.db.transaction().execute((trx) =>
      repo.createEmailToken(
        trx,
        {
          userId,
          purpose: 'set_password',
          tokenHash: deps.hashToken(token),
          expiresAt: new Date(at.getTime() + passwordSetupLifetimeMs),
          email,
        },
        at,
      ),
    );
    await deps.mailer.send(
      passwordSetupEmail(email, `${deps.publicUrl}/set-password?token=${encodeURIComponent(token)}`),
    );
  }

  /**
   * Uses the link: the address (confirmed) and the password stored and the link spent, all or nothing.
   * Sessions stay: the account gains a way in and loses none.
   */
  async function confirmPasswordSetup(token: string, password: string): Promise<void> {
    deps.refuseCommonPassword(password, 'body.password');
    const passwordHash = await deps.hashPassword(password);
    const at = deps.now();
    const isDone = await deps.db.transaction().execute(async (trx) => {
      const claimed = await repo.claimPasswordSetupToken(trx, deps.hashToken(token), at);
      if (!claimed?.email) return false;
      const owner = await repo.findUserByEmail(trx, claimed.email);
      if (owner && owner.id !== claimed.user_id) throw new AppError('CONFLICT', takenMessage);
      return repo.setFirstPassword(trx, { id: claimed.user_id, email: claimed.email, passwordHash }, at);
    });
    if (!isDone) throw new AppError('LINK_INVALID', passwordSetupLinkInvalidMessage);
  }

  return { requestPasswordSetup, confirmPasswordSetup };
}
