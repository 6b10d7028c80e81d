import { useCallback } from 'react';
import { useParams } from 'react-router';
import type { Address } from 'viem';
import {
  type BatchRun,
  RecoveryPlanScreen,
  type StepRun,
} from '../../features/recovery/components/recovery-plan-screen.tsx';
import {
  BatchRunner,
  hasPendingBatch,
  listPendingStepKeys,
  readPendingTransaction,
  recoveryBatchRequests,
  recoveryStepRequest,
  resumedStepRequest,
  TransactionRunner,
  useAtomicBatchSupport,
} from '../../features/transactions/index.ts';

/** Where the plan's batch id is kept while it is pending (a reload follows it). */
const recoveryBatchKey = 'recovery-plan';

/** /wallets/{address}/recovery: the recovery plan, each step run by the transactions feature's runner. */
export function RecoveryRoute() {
  const { address = '' } = useParams();
  const listPendingSteps = useCallback(() => listPendingStepKeys(address), [address]);
  const isBatchSupported = useAtomicBatchSupport(address as Address);
  return (
    <RecoveryPlanScreen
      walletAddress={address}
      listPendingSteps={listPendingSteps}
      batch={{
        isSupported: isBatchSupported,
        isPending: hasPendingBatch(address, recoveryBatchKey),
        render: ({ plan, slippageBps, runId, onFinished }: BatchRun) => (
          <BatchRunner
            key={runId}
            wallet={address as Address}
            requests={recoveryBatchRequests(plan, slippageBps)}
            batchKey={recoveryBatchKey}
            polUsd={plan.pol_usd}
            onFinished={onFinished}
          />
        ),
      }}
      renderStepRunner={({ step, stepKey, plan, slippageBps, runId, onFinished }: StepRun) => (
        // Each run its own runner: a step run again (after its approve, or a revert) starts from preparing.
        <TransactionRunner
          key={`${stepKey}:${runId}`}
          wallet={address as Address}
          request={
            step
              ? recoveryStepRequest(step, plan, slippageBps)
              : resumedStepRequest(
                  stepKey,
                  readPendingTransaction(address, stepKey)?.stepKind ?? 'exit',
                  plan.pol_usd,
                )
          }
          onFinished={onFinished}
        />
      )}
    />
  );
}
