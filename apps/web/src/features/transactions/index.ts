/*
 * The transaction runner (issue 33): screens offering a transaction import from here only. The runner's
 * chain code loads with its own chunk when first shown; what is exported beside it is light.
 */
export { usePositionActionsAccess, usePositionActionsAccessOf } from './action-access.ts';
export { BatchRunner } from './batch/batch-runner.tsx';
export { hasPendingBatch } from './batch/batch-store.ts';
export { recoveryBatchRequests } from './batch/recovery-batch-requests.ts';
export { useAtomicBatchSupport } from './batch/use-atomic-batch-support.ts';
export { AccessNote } from './components/access-note.tsx';
export { SlippageSetting } from './components/slippage-setting.tsx';
export { TransactionRunner } from './components/transaction-runner.tsx';
export { formatPolAndUsd } from './format-pol.ts';
export { hasPendingTransaction, listPendingStepKeys, readPendingTransaction } from './pending-store.ts';
export { recoveryStepRequest } from './recovery-step-request.ts';
export { buildRemoveLiquidityCall } from './remove-liquidity-call.ts';
export { resumedStepRequest } from './resumed-step-request.ts';
export type {
  PreparedCall,
  PrepareTools,
  TransactionOutcome,
  TransactionRequest,
  TransactionRunnerProps,
} from './types.ts';
export { useSlippage } from './use-slippage.ts';
