import { lazy } from 'react';

// The one place the position actions meet the transactions feature: its types, and its runner loaded on
// first use. The runner brings wagmi and viem, which the farm list, card and detail must not carry in their
// first load (decisions 016, 024); the types cost nothing at run time.
export type {
  TransactionOutcome,
  TransactionRequest,
  TransactionRunnerProps,
} from '../../transactions/types.ts';

/** TransactionRunner, fetched (with wagmi) when an action is first opened. */
export const LazyTransactionRunner = lazy(() =>
  import('../../transactions/index.ts').then((module) => ({ default: module.TransactionRunner })),
);
