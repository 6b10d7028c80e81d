import { useCallback } from 'react';
import { useParams } from 'react-router';
import type { Address } from 'viem';
import {
  RecoveryPlanScreen,
  type StepRun,
} from '../../features/recovery/components/recovery-plan-screen.tsx';
import {
  listPendingStepKeys,
  readPendingTransaction,
  recoveryStepRequest,
  resumedStepRequest,
  TransactionRunner,
} from '../../features/transactions/index.ts';

/** /wallets/{address}/recovery: the recovery plan, each step run by the transactions feature's runner. */
export function RecoveryRoute() {
  const { address = '' } = useParams();
  const listPendingSteps = useCallback(() => listPendingStepKeys(address), [address]);
  return (
    <RecoveryPlanScreen
      walletAddress={address}
      listPendingSteps={listPendingSteps}
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
