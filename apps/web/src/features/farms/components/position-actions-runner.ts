// The one place the position actions meet the transactions feature (its public entry, index.ts): the runner,
// which loads its chain code (wagmi, viem) with its own chunk when first shown, so the farm list, card and
// detail keep their first load (decisions 016, 024); the pending-hash check; and the types.

export type {
  PreparedCall,
  TransactionOutcome,
  TransactionRequest,
  TransactionRunnerProps,
} from '../../transactions/index.ts';
export { hasPendingTransaction, TransactionRunner } from '../../transactions/index.ts';
