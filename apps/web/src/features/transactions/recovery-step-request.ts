import type { RecoveryPlan, RecoveryStep } from '@tidewatch/shared/recovery';
import { buildStepCall, minimumAmounts } from '@tidewatch/shared/recovery-calls';
import { isSameAddress } from '@tidewatch/shared/same-address';
import type { Abi, Address } from 'viem';
import { buildRemoveLiquidityCall } from './remove-liquidity-call.ts';
import type { TransactionRequest } from './types.ts';

/**
 * Whether the step's contract is one the app verified (decision 029): a farm of the plan (from the index),
 * the router, the lair or the converter of the operator's configuration, a vault the plan lists with its staking
 * (issue 45); an approve of a plan pair's LP for
 * the router or of old QUICK for the converter. (The router finds the pair from the two tokens itself: a
 * wrong LP address would only make the call revert.) The plan comes from our server, but the browser names
 * nothing to the wallet it did not check.
 */
function isVerifiedTarget(step: RecoveryStep, plan: RecoveryPlan): boolean {
  const { contracts } = plan;
  // A pair's LP the plan spends: a farm's stake, or LP already in the wallet (the farm may be empty by then).
  const isPlanPair = (address: string) =>
    plan.farms.some(({ farm }) => isSameAddress(farm.pair_address, address)) ||
    plan.in_wallet.some((held) => isSameAddress(held.address, address));
  // A vault the plan lists (the server read it from QuickSwap's lists or Steer's), and where its shares stake.
  const listed = (kind: RecoveryPlan['vault_positions'][number]['kind']) =>
    plan.vault_positions.find(
      (position) => position.kind === kind && isSameAddress(position.contract, step.contract),
    );
  const vault = listed('vault');
  const stakingOf = plan.vault_positions.find((position) =>
    isSameAddress(position.staking?.address, step.contract),
  );
  switch (step.kind) {
    case 'exit':
      return (
        plan.farms.some(({ farm }) => isSameAddress(farm.address, step.contract)) ||
        plan.syrups.some((syrup) => isSameAddress(syrup.pool, step.contract)) ||
        listed('syrup') !== undefined ||
        (stakingOf !== undefined && stakingOf.staking?.pid === null)
      );
    case 'withdraw':
    case 'claim':
      return (
        plan.farms.some(({ farm }) => isSameAddress(farm.address, step.contract)) ||
        plan.syrups.some((syrup) => isSameAddress(syrup.pool, step.contract)) ||
        listed('syrup') !== undefined
      );
    case 'unstake_vault':
      return stakingOf !== undefined && stakingOf.staking?.pid === step.vault?.pid;
    case 'withdraw_vault':
      return vault !== undefined && vault.manager === step.vault?.manager;
    case 'remove_liquidity':
      return isSameAddress(step.contract, contracts.router) && isPlanPair(step.spends?.address ?? '');
    case 'leave_lair':
      // The old lair of the configuration, or the (new) lair the plan lists the wallet's dQUICK in.
      return isSameAddress(step.contract, contracts.lair) || listed('lair') !== undefined;
    case 'convert_quick':
      return isSameAddress(step.contract, contracts.converter);
    case 'approve':
      return (
        (isPlanPair(step.contract) && isSameAddress(step.spender, contracts.router)) ||
        (isSameAddress(step.contract, contracts.old_quick) &&
          isSameAddress(step.spender, contracts.converter))
      );
  }
}

/**
 * The runner's request for one step of a wallet's recovery plan: the call is built when it runs, from the
 * step and fresh chain reads (`buildStepCall`; removing liquidity reads the pair and signs a permit first).
 * `slippageBps` bounds what removing liquidity accepts below the amounts it computes.
 * @example <TransactionRunner wallet={address} request={recoveryStepRequest(step, plan, 50)} />
 */
export function recoveryStepRequest(
  step: RecoveryStep,
  plan: RecoveryPlan,
  slippageBps: number,
): TransactionRequest {
  return {
    stepKind: step.kind,
    contractLabel: step.contract_label,
    functionSignature: step.function,
    receives: step.receives,
    polUsd: plan.pol_usd,
    key: step.id,
    async prepare(tools) {
      if (!isVerifiedTarget(step, plan)) {
        throw new Error(
          `${step.contract} is not a contract this plan verified for ${step.kind}: nothing is sent`,
        );
      }
      if (step.kind === 'remove_liquidity') {
        return buildRemoveLiquidityCall(step, plan.contracts.router as Address, slippageBps, tools);
      }
      if (step.kind === 'withdraw_vault') {
        // The least of each token to accept: what the plan projected at its block, less the person's slippage.
        const [a0, a1] = step.receives;
        const amountsMin = minimumAmounts([BigInt(a0?.raw ?? 0), BigInt(a1?.raw ?? 0)] as const, slippageBps);
        const call = buildStepCall(step, { account: tools.account, amountsMin });
        return { ...call, abi: call.abi as Abi };
      }
      const call = buildStepCall(step, { account: tools.account });
      return { ...call, abi: call.abi as Abi };
    },
  };
}
