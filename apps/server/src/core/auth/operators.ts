import type { SessionUser } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { findFirstUserId, isEmailConfirmed } from './operator-repository.ts';

/** Who may make the instance's choices (decision 033). */
export type Operators = {
  /** True for an operator: an OPERATOR_EMAILS address the account has confirmed, or else the first account. */
  isOperator: (user: SessionUser) => Promise<boolean>;
  /** How an operator is named to everyone else next to a choice: the e-mail, or the wallet it signs in with. */
  nameOf: (user: SessionUser) => string;
};

/**
 * A token's price source changes every user's figures, so it is the operator's choice, not any user's. With
 * OPERATOR_EMAILS set, an account whose confirmed e-mail is listed; unset, the first account of the instance
 * (the person who set up a single-user instance).
 * @example
 * const operators = createOperators({ db, operatorEmails: config.operatorEmails });
 * if (!(await operators.isOperator(request.user!))) throw new AppError('FORBIDDEN', '…');
 */
export function createOperators(deps: {
  db: Kysely<Database>;
  operatorEmails: readonly string[];
}): Operators {
  const listed = new Set(deps.operatorEmails.map((email) => email.trim().toLowerCase()));
  return {
    async isOperator(user) {
      if (listed.size > 0) {
        const email = user.email?.trim().toLowerCase();
        return email !== undefined && listed.has(email) && (await isEmailConfirmed(deps.db, user.id));
      }
      return (await findFirstUserId(deps.db)) === user.id;
    },
    nameOf: (user) => user.email ?? user.wallet_address ?? `account ${user.id}`,
  };
}
