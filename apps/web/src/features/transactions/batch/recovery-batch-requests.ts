import type { RecoveryPlan, RecoveryStep } from '@tidewatch/shared/recovery';
import { isSameAddress } from '@tidewatch/shared/same-address';
import { recoveryStepRequest } from '../recovery-step-request.ts';
import type { TransactionRequest } from '../types.ts';

/**
 * The whole recovery plan as one batch (issue 46, EIP-5792): every step in the plan's order, each built from reads
 * that see the ones before it done. A batch asks for no signature: a removal of liquidity gets the router's
 * approve of its LP as the step before it (the plan's own approve when it has one), so it runs as
 * removeLiquidity and not with a permit.
 */
export function recoveryBatchRequests(plan: RecoveryPlan, slippageBps: number): TransactionRequest[] {
  const requests: TransactionRequest[] = [];
  for (const step of plan.steps) {
    if (step.kind === 'remove_liquidity' && step.spends && !hasApproveFor(plan, step)) {
      requests.push(recoveryStepRequest(approveBefore(step, plan), plan, slippageBps));
    }
    requests.push(recoveryStepRequest(step, plan, slippageBps));
  }
  return requests;
}

/** Whether the plan already approves this removal's LP for the router. */
function hasApproveFor(plan: RecoveryPlan, removal: RecoveryStep): boolean {
  return plan.steps.some(
    (step) =>
      step.kind === 'approve' &&
      isSameAddress(step.contract, removal.spends?.address) &&
      isSameAddress(step.spender, plan.contracts.router),
  );
}

/** approve(router, the LP the removal spends) on the pair: a step the plan's checks accept (isVerifiedTarget). */
function approveBefore(removal: RecoveryStep, plan: RecoveryPlan): RecoveryStep {
  const pair = removal.spends!.address;
  return {
    id: `approve:${pair}:${plan.contracts.router}`,
    kind: 'approve',
    contract: pair,
    contract_label: `${removal.spends!.symbol} (the pair's LP token)`,
    function: 'approve(address,uint256)',
    spends: removal.spends,
    spender: plan.contracts.router,
    receives: [],
    usd: null,
    gas: null,
    is_ready: true,
    note: null,
    vault: null,
  };
}
