import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/index.ts';
import type { BatchRunnerProps } from './batch-runner-view.tsx';

// viem's and the wallet's batch actions come with their own chunk, when a screen first shows a batch.
const BatchRunnerView = lazy(() =>
  import('./batch-runner-view.tsx').then((module) => ({ default: module.BatchRunnerView })),
);

/**
 * Several steps in one wallet prompt, for a wallet that reports atomic batching (useAtomicBatchSupport): see
 * BatchRunnerView.
 * @example <BatchRunner wallet={address} requests={[leave, close]} batchKey="leave-and-close:12" polUsd={null} />
 */
export function BatchRunner(props: BatchRunnerProps) {
  return (
    <Suspense fallback={<Spinner label="loading the transactions" />}>
      <BatchRunnerView {...props} />
    </Suspense>
  );
}
