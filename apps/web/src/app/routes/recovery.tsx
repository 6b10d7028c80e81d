import { useCallback } from 'react';
import { useParams } from 'react-router';
import type { Address } from 'viem';
import {
  RecoveryPlanScreen,
  type StepRun,
} from '../../features/recovery/components/recovery-plan-screen.tsx';
import {
  hasPendingTransaction,
  recoveryStepRequest,
  TransactionRunner,
} from '../../features/transactions/index.ts';

/** /wallets/{address}/recovery: the recovery plan, each step run by the transactions feature's runner. */
export function RecoveryRoute() {
  const { address = '' } = useParams();
  const hasPendingStep = useCallback((stepId: string) => hasPendingTransaction(address, stepId), [address]);
  return (
    <RecoveryPlanScreen
      walletAddress={address}
      hasPendingStep={hasPendingStep}
      renderStepRunner={({ step, plan, slippageBps, runId, onFinished }: StepRun) => (
        // Each run its own runner: a step run again (after its approve, or a revert) starts from preparing.
        <TransactionRunner
          key={`${step.id}:${runId}`}
          wallet={address as Address}
          request={recoveryStepRequest(step, plan, slippageBps)}
          onFinished={onFinished}
        />
      )}
    />
  );
}
