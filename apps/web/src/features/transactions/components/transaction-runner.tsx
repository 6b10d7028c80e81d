import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/index.ts';
import type { TransactionRunnerProps } from '../types.ts';

// wagmi's and viem's actions come with the runner's own chunk, when a screen first shows a transaction: a
// screen that merely offers one (a farm's page, the dashboard) keeps its first load (decision 016, 024).
const TransactionRunnerView = lazy(() =>
  import('./transaction-runner-view.tsx').then((module) => ({ default: module.TransactionRunnerView })),
);

/**
 * One transaction of `wallet`, run as people expect (issue 33, decision 029): the wallet checks (connect,
 * the right account, Polygon), a review simulated at the latest block (contract, function, what arrives, gas)
 * or the contract's revert reason, one wallet prompt, pending with the hash (kept in the browser: a reload
 * resumes the wait, nothing is sent twice), then confirmed, failed (the reason), rejected, or replaced or
 * cancelled in the wallet (the replacement followed). A receipt is reported to the server, then
 * `onFinished` is called.
 * @example <TransactionRunner wallet={address} request={exitRequest} onFinished={() => void plan.refetch()} />
 */
export function TransactionRunner(props: TransactionRunnerProps) {
  return (
    <Suspense fallback={<Spinner label="loading the transaction" />}>
      <TransactionRunnerView {...props} />
    </Suspense>
  );
}
