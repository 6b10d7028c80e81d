import { gammaHypervisor, gammaMasterChef, gammaRewarder } from '@tidewatch/contracts';
import type { VaultShare } from '@tidewatch/shared';
import { type Abi, type Address, formatUnits, zeroAddress } from 'viem';
import type { ReadPlan } from '../../core/chain/read-plan.ts';
import type { RegistryGammaVault } from '../../core/farm-index/vault-registry.ts';
import { type RawAmount, sumUsd, toTokenAmount } from '../../core/prices/token-amounts.ts';
import { priceFromSqrtX96, sqrtPriceX96AtTick } from '../../core/v3/position-math.ts';
import type { AmountOf } from './token-values.ts';

const hypervisorAbi = gammaHypervisor.abi as Abi;
const chefAbi = gammaMasterChef.abi as Abi;

/**
 * A wallet's shares of one Gamma hypervisor: held, and staked in its MasterChef, with the vault's tokens and the
 * MasterChef's reward token as the chain names them (the lens read them).
 */
export type GammaHolding = {
  vault: RegistryGammaVault;
  held: bigint;
  staked: bigint;
  token0: Address;
  token1: Address;
  rewardToken: Address | null;
  /** The MasterChef's rewarders of the vault's pool, each paying its own token. */
  rewarders: readonly { rewarder: Address; token: Address }[];
};

/** What the second request reads of a hypervisor the wallet has shares of. */
type GammaState = {
  totalSupply: bigint | null;
  totals: readonly [bigint, bigint] | null;
  ticks: Record<'baseLower' | 'baseUpper' | 'limitLower' | 'limitUpper' | 'currentTick', number | null>;
  pending: bigint | null;
  /** Each rewarder's pendingToken, in the holding's order; null where it could not be read. */
  rewarderPending: (bigint | null)[];
};

/**
 * The second request's reads of one held hypervisor: its supply, its own
 * getTotalAmounts (positions, idle balances and the pool's fees owed), its base and limit ranges and the pool's
 * tick, and the wallet's pending MasterChef reward. Answers its wire figures once the tokens are priced, or null
 * when a read failed (it is then unreadable, not empty).
 */
export function planGammaShare(
  plan: ReadPlan,
  wallet: Address,
  holding: GammaHolding,
): (amountOf: AmountOf) => VaultShare | null {
  const { vault } = holding;
  const state: GammaState = {
    totalSupply: null,
    totals: null,
    ticks: { baseLower: null, baseUpper: null, limitLower: null, limitUpper: null, currentTick: null },
    pending: null,
    rewarderPending: holding.rewarders.map(() => null),
  };
  const read = <T>(functionName: string, apply: (v: T) => void) =>
    plan.addOptional<T>(
      {
        label: `hypervisor ${vault.address}: ${functionName}()`,
        address: vault.address,
        abi: hypervisorAbi,
        functionName,
      },
      (v) => {
        if (v !== null) apply(v);
      },
    );
  read<bigint>('totalSupply', (v) => (state.totalSupply = v));
  read<readonly [bigint, bigint]>('getTotalAmounts', (v) => (state.totals = v));
  for (const tick of Object.keys(state.ticks) as (keyof GammaState['ticks'])[]) {
    read<number>(tick, (v) => (state.ticks[tick] = Number(v)));
  }
  if (vault.staking && holding.staked > 0n) {
    const { address, pid } = vault.staking;
    plan.addOptional<bigint>(
      {
        label: `masterchef ${address}: pendingSushi(${pid})`,
        address,
        abi: chefAbi,
        functionName: 'pendingSushi',
        args: [BigInt(pid), wallet],
      },
      (v) => {
        state.pending = v;
      },
    );
  }
  if (vault.staking && holding.staked > 0n) {
    const { pid } = vault.staking;
    holding.rewarders.forEach(({ rewarder }, r) => {
      plan.addOptional<bigint>(
        {
          label: `rewarder ${rewarder}: pendingToken(${pid})`,
          address: rewarder,
          abi: gammaRewarder.abi as Abi,
          functionName: 'pendingToken',
          args: [BigInt(pid), wallet],
        },
        (v) => {
          state.rewarderPending[r] = v;
        },
      );
    });
  }
  return (amountOf) => {
    const { totalSupply, totals, ticks } = state;
    const known = Object.values(ticks).every((t) => t !== null);
    if (totalSupply === null || totalSupply === 0n || totals === null || !known) return null;
    const shares = holding.held + holding.staked;
    // The wallet's part of the vault: its shares, held and staked, of the supply (rounded down, as a withdraw is).
    const amount0 = amountOf(holding.token0, (totals[0] * shares) / totalSupply);
    const amount1 = amountOf(holding.token1, (totals[1] * shares) / totalSupply);
    const d0 = amount0.token.decimals;
    const d1 = amount1.token.decimals;
    const priceAt = (tick: number) => priceFromSqrtX96(sqrtPriceX96AtTick(tick), d0, d1);
    const range = (lower: number, upper: number) => ({
      lower: priceAt(lower),
      upper: priceAt(upper),
      is_in_range: lower <= ticks.currentTick! && ticks.currentTick! < upper,
    });
    // The staked shares' rewards: the MasterChef's own and each rewarder's; one unread makes their sum unknown.
    const isStaked = holding.staked > 0n;
    const chefReward =
      isStaked && holding.rewardToken && state.pending !== null
        ? [amountOf(holding.rewardToken, state.pending)]
        : [];
    const rewarderRewards = holding.rewarders.flatMap(({ token }, r) => {
      const pending = state.rewarderPending[r];
      // A rewarder whose token could not be read (the zero address) is a reward unknown, not none.
      return isStaked && pending !== null && pending !== undefined && token !== zeroAddress
        ? [amountOf(token, pending)]
        : [];
    });
    const rewards: RawAmount[] = [...chefReward, ...rewarderRewards];
    const rewardsKnown =
      !isStaked || (chefReward.length > 0 && rewarderRewards.length === holding.rewarders.length);
    const parts = [amount0, amount1, ...rewards];
    return {
      vault: vault.address,
      manager: 'gamma',
      shares: {
        held: formatUnits(holding.held, 18),
        staked: formatUnits(holding.staked, 18),
        total_supply: formatUnits(totalSupply, 18),
      },
      amounts: [toTokenAmount(amount0), toTokenAmount(amount1)],
      price: priceAt(ticks.currentTick!),
      base_range: range(ticks.baseLower!, ticks.baseUpper!),
      limit_range: range(ticks.limitLower!, ticks.limitUpper!),
      staking:
        vault.staking && holding.staked > 0n
          ? { address: vault.staking.address, pid: vault.staking.pid }
          : null,
      rewards: rewards.map(toTokenAmount),
      rewards_complete: rewardsKnown,
      usd: rewardsKnown ? sumUsd(parts) : null,
    };
  };
}
