import type { VaultManager } from '@tidewatch/shared';
import { recoveryAbis } from '@tidewatch/shared/recovery-calls';
import { type Address, encodeFunctionData, getAddress, type Hex, isAddressEqual } from 'viem';
import type { Flow, PlanToken } from './chain-state.ts';
import type { PlannedStep } from './plan-steps.ts';

/**
 * A vault the wallet has shares of, as the vaults tool read it at the plan's block (exact amounts: the wire's
 * decimal strings are the chain's integers): its shares held and staked, where they are staked, what the shares
 * pay now (the vault's tokens, pro rata of its totals) and what the staking owes them.
 */
export type VaultExit = {
  vault: Address;
  manager: VaultManager;
  /** 'Gamma WMATIC-USDC vault'. */
  label: string;
  /** The vault's share token (18 decimals), named after the vault. */
  shares: PlanToken;
  held: bigint;
  staked: bigint;
  staking: {
    kind: 'masterchef' | 'minichef' | 'staking-rewards';
    address: Address;
    pid: number | null;
  } | null;
  amounts: [Flow, Flow];
  rewards: Flow[];
};

/** dQUICK in the (new) Dragon's Lair and the QUICK the lair pays for it now (its own QUICKBalance). */
export type LairExit = { lair: Address; dquick: Flow; quick: Flow };

/** A stake in a syrup pool that has not ended (an ended one is always in the plan). */
export type SyrupExit = { pool: Address; label: string; staked: Flow; earned: Flow };

/** A vault or lair the plan takes out: its steps, and what they leave in the wallet for good. */
export type PlannedVaultExit = { steps: PlannedStep[]; finalFlows: Flow[] };

/** Each manager's withdrawal, as its function's signature. */
const withdrawSignatures: Record<VaultManager, string> = {
  gamma: 'withdraw(uint256,address,address,uint256[4])',
  steer: 'withdraw(uint256,uint256,uint256,address)',
  ichi: 'withdraw(uint256,address)',
  defiedge: 'burn(uint256,uint256,uint256)',
};

/**
 * The withdrawal's calldata for the gas estimate, with no minimums (the browser builds the real call with the
 * person's slippage, recovery-calls.ts's vaultWithdrawCall).
 */
function withdrawData(manager: VaultManager, shares: bigint, wallet: Address): Hex {
  switch (manager) {
    case 'gamma':
      return encodeFunctionData({
        abi: recoveryAbis.gammaVault,
        functionName: 'withdraw',
        args: [shares, wallet, wallet, [0n, 0n, 0n, 0n]],
      });
    case 'steer':
      return encodeFunctionData({
        abi: recoveryAbis.steerVault,
        functionName: 'withdraw',
        args: [shares, 0n, 0n, wallet],
      });
    case 'ichi':
      return encodeFunctionData({
        abi: recoveryAbis.ichiVault,
        functionName: 'withdraw',
        args: [shares, wallet],
      });
    case 'defiedge':
      return encodeFunctionData({
        abi: recoveryAbis.defiEdgeStrategy,
        functionName: 'burn',
        args: [shares, 0n, 0n],
      });
  }
}

/**
 * The steps that take a vault's shares out, in the order they can run: the staked shares back from their staking
 * (Steer's staking pool: `exit`, as a farm; a MasterChef or MiniChefV2: `withdrawAndHarvest`), with its rewards;
 * then every share, held and unstaked, for the vault's tokens by the manager's own withdrawal. Pure.
 */
export function planVaultExit(exit: VaultExit, wallet: Address): PlannedVaultExit {
  const steps: PlannedStep[] = [];
  const staked: Flow = { token: exit.shares, raw: exit.staked };
  const rewards = exit.rewards.filter((flow) => flow.raw > 0n);
  const { staking } = exit;
  if (staking && exit.staked > 0n) {
    const isPool = staking.kind === 'staking-rewards';
    steps.push({
      id: `${isPool ? 'exit' : 'unstake_vault'}:${staking.address}:${exit.vault}`,
      kind: isPool ? 'exit' : 'unstake_vault',
      contract: staking.address,
      contractLabel: `${isPool ? 'staking pool' : 'MasterChef'} of the ${exit.label}`,
      function: isPool ? 'exit()' : 'withdrawAndHarvest(uint256,uint256,address)',
      spends: isPool ? null : staked,
      spender: null,
      receives: [staked, ...rewards],
      isReady: true,
      note: null,
      estimate: {
        to: staking.address,
        data: isPool
          ? encodeFunctionData({ abi: recoveryAbis.farm, functionName: 'exit' })
          : encodeFunctionData({
              abi: recoveryAbis.chef,
              functionName: 'withdrawAndHarvest',
              args: [BigInt(staking.pid ?? 0), exit.staked, wallet],
            }),
      },
      typicalGas: isPool ? 'exit:lp' : 'unstake_vault',
      vault: { manager: exit.manager, pid: isPool ? null : staking.pid },
    });
  }
  const shares = exit.held + exit.staked;
  const isReady = exit.staked === 0n;
  steps.push({
    id: `withdraw_vault:${exit.vault}`,
    kind: 'withdraw_vault',
    contract: exit.vault,
    contractLabel: exit.label,
    function: withdrawSignatures[exit.manager],
    spends: { token: exit.shares, raw: shares },
    spender: null,
    // Both tokens, in the vault's order, even one of 0: the minimums the browser derives follow this order.
    receives: exit.amounts,
    isReady,
    note: null,
    estimate: isReady ? { to: exit.vault, data: withdrawData(exit.manager, shares, wallet) } : null,
    typicalGas: 'withdraw_vault',
    vault: { manager: exit.manager, pid: null },
  });
  return { steps, finalFlows: [...exit.amounts, ...rewards] };
}

/** dQUICK out of the Dragon's Lair: `leave` of all of it, for the QUICK the lair pays now. */
export function planLairExit(exit: LairExit): PlannedVaultExit {
  return {
    steps: [
      {
        id: `leave_lair:${exit.lair}`,
        kind: 'leave_lair',
        contract: exit.lair,
        contractLabel: "Dragon's Lair (dQUICK)",
        function: 'leave(uint256)',
        spends: exit.dquick,
        spender: null,
        receives: [exit.quick],
        isReady: true,
        note: null,
        estimate: {
          to: exit.lair,
          data: encodeFunctionData({
            abi: recoveryAbis.lair,
            functionName: 'leave',
            args: [exit.dquick.raw],
          }),
        },
        typicalGas: 'leave_lair',
        vault: null,
      },
    ],
    finalFlows: [exit.quick],
  };
}

/**
 * A running syrup pool left early: `exit` (the stake with its rewards so far) as for an ended one, or `getReward`
 * when only rewards are left. What it pays back (QUICK or dQUICK) stays in the wallet: leaving the lair is the
 * lair's own choice.
 */
export function planSyrupExit(exit: SyrupExit): PlannedVaultExit {
  const hasStake = exit.staked.raw > 0n;
  const rewards = exit.earned.raw > 0n ? [exit.earned] : [];
  return {
    steps: [
      {
        id: `${hasStake ? 'exit' : 'claim'}:${exit.pool}`,
        kind: hasStake ? 'exit' : 'claim',
        contract: exit.pool,
        contractLabel: exit.label,
        function: hasStake ? 'exit()' : 'getReward()',
        spends: null,
        spender: null,
        receives: hasStake ? [exit.staked, ...rewards] : rewards,
        isReady: true,
        note: null,
        estimate: {
          to: exit.pool,
          data: encodeFunctionData({ abi: recoveryAbis.farm, functionName: hasStake ? 'exit' : 'getReward' }),
        },
        typicalGas: hasStake ? 'exit:lp' : 'claim:lp',
        vault: null,
      },
    ],
    finalFlows: hasStake ? [exit.staked, ...rewards] : rewards,
  };
}

/** Whether `address` is one of `included` (the request's `include_vaults`). */
export const isIncluded = (included: readonly string[], address: string) =>
  included.some((entry) => isAddressEqual(getAddress(entry), getAddress(address)));
