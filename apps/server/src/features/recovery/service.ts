import type { RecordTransaction } from '@tidewatch/shared';
import type { RecoveryContext, RecoveryDeps } from './context.ts';
import { createPolPriceReader } from './get-pol-price.ts';
import { getRecoveryPlan } from './get-recovery-plan.ts';
import { listTransactions } from './list-transactions.ts';
import { recordTransaction } from './record-transaction.ts';

export type RecoveryService = ReturnType<typeof createRecoveryService>;

/**
 * Get it out (issue 33): a wallet's recovery plan, the transactions sent for its steps and POL's price for
 * the gas of actions outside the plan; one file per use case.
 */
export function createRecoveryService(deps: RecoveryDeps) {
  const ctx: RecoveryContext = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    getPolPrice: createPolPriceReader(ctx),
    getPlan: (
      userId: number,
      wallet: string,
      include: { walletLp: readonly string[]; vaults: readonly string[] },
    ) => getRecoveryPlan(ctx, userId, wallet, include),
    recordTransaction: (userId: number, input: RecordTransaction) => recordTransaction(ctx, userId, input),
    listTransactions: (userId: number, wallet: string) => listTransactions(ctx, userId, wallet),
  };
}
