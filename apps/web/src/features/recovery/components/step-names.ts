import type { RecoveryPlan, RecoveryStep, RecoveryStepKind } from '@tidewatch/shared/recovery';
import { isSameAddress } from '@tidewatch/shared/same-address';

/** 'the WETH-USDC farm' ('dual farm'), from the plan's farm the step calls; its label when not among them. */
function farmOf(step: RecoveryStep, plan: RecoveryPlan): string {
  const found = plan.farms.find((left) => isSameAddress(left.farm.address, step.contract))?.farm;
  if (!found) return step.contract_label;
  return `the ${found.token0.symbol}-${found.token1.symbol} ${found.kind === 'dual' ? 'dual farm' : 'farm'}`;
}

/** Who an approval lets spend the token: the converter or the router of the plan, else the address. */
function spenderOf(step: RecoveryStep, plan: RecoveryPlan): string {
  if (isSameAddress(step.spender, plan.contracts.converter)) return 'the QUICK converter';
  if (isSameAddress(step.spender, plan.contracts.router)) return "QuickSwap's router";
  return step.spender ?? 'the contract';
}

/** The pair a removal empties, by the two tokens it pays out ('WETH-USDC'); else the LP token spent. */
function pairOf(step: RecoveryStep): string {
  const [a, b] = step.receives;
  if (a && b) return `${a.symbol}-${b.symbol}`;
  return step.spends?.symbol ?? 'the pair';
}

/** The vault a step takes shares out of ('Gamma WMATIC-USDC vault'), from the plan's vault positions. */
function vaultOf(step: RecoveryStep, plan: RecoveryPlan): string {
  const found = plan.vault_positions.find(
    (position) =>
      isSameAddress(position.contract, step.contract) ||
      isSameAddress(position.staking?.address, step.contract),
  );
  return found?.label ?? 'vault';
}

const names = {
  exit: (step, plan) =>
    step.vault
      ? `Unstake your shares of the ${vaultOf(step, plan)} and claim their rewards`
      : `Withdraw your stake and claim rewards from ${farmOf(step, plan)}`,
  withdraw: (step, plan) => `Withdraw your stake from ${farmOf(step, plan)}, without claiming`,
  claim: (step, plan) => `Claim your rewards from ${farmOf(step, plan)}`,
  approve: (step, plan) => `Allow ${spenderOf(step, plan)} to spend your ${step.spends?.symbol ?? 'tokens'}`,
  remove_liquidity: (step) => `Remove liquidity of ${pairOf(step)}`,
  leave_lair: (step, plan) =>
    isSameAddress(step.contract, plan.contracts.lair)
      ? "Leave the Dragon's Lair (old dQUICK to old QUICK)"
      : "Leave the Dragon's Lair (dQUICK to QUICK)",
  convert_quick: () => 'Convert old QUICK to new QUICK',
  unstake_vault: (step, plan) => `Unstake your shares of the ${vaultOf(step, plan)} and claim their rewards`,
  withdraw_vault: (step, plan) => `Withdraw your shares of the ${vaultOf(step, plan)} for its tokens`,
} as const satisfies Record<RecoveryStepKind, (step: RecoveryStep, plan: RecoveryPlan) => string>;

/**
 * A step as a person reads it: what it does, in words ('Remove liquidity of WETH-USDC'). The function's
 * signature is what the wallet shows; the plan keeps it behind 'details'.
 */
export function stepName(step: RecoveryStep, plan: RecoveryPlan): string {
  return names[step.kind](step, plan);
}
