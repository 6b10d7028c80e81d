import type { VaultShare } from '@tidewatch/shared';
import { type Abi, type Address, formatUnits, parseAbi, zeroAddress } from 'viem';
import type { ReadPlan } from '../../core/chain/read-plan.ts';
import type { ListedVault, VaultManager } from '../../core/farm-index/vault-registry.ts';
import { type RawAmount, sumUsd, toTokenAmount } from '../../core/prices/token-amounts.ts';
import { priceFromSqrtX96, sqrtPriceX96AtTick } from '../../core/v3/position-math.ts';
import type { AmountOf } from './token-values.ts';

/**
 * The read fragments of the four managers' vaults and their stakings, as QuickSwap's interface reads them (its
 * ABI files in docs/quickswap-vault-abis; packages/testkit's vault tests check the contracts against those files).
 */
const vaultAbi = parseAbi([
  'function totalSupply() view returns (uint256)',
  // Gamma, Steer and ICHI: idle tokens + positions + the pool's fees owed to the vault.
  'function getTotalAmounts() view returns (uint256 total0, uint256 total1)',
  // DefiEdge: nonpayable (it pokes its positions first); QuickSwap's interface calls it statically with fees in.
  'function getAUMWithFees(bool includeFee) returns (uint256 amount0, uint256 amount1, uint256 totalFee0, uint256 totalFee1)',
  // Gamma and ICHI: a base and a limit range.
  'function baseLower() view returns (int24)',
  'function baseUpper() view returns (int24)',
  'function limitLower() view returns (int24)',
  'function limitUpper() view returns (int24)',
  // Steer: its positions with their weights.
  'function getPositions() view returns (int24[] lowerTick, int24[] upperTick, uint16[] relativeWeight)',
  // DefiEdge: its ranges.
  'function getTicks() view returns ((int24 tickLower, int24 tickUpper)[])',
]);
const algebraPoolAbi = parseAbi([
  'function globalState() view returns (uint160 price, int24 tick, uint16 fee, uint16 timepointIndex, uint8 communityFeeToken0, uint8 communityFeeToken1, bool unlocked)',
]);
const stakingAbi = parseAbi([
  // Gamma's MasterChef and Sushi's MiniChefV2.
  'function pendingSushi(uint256 pid, address user) view returns (uint256)',
  // Their rewarders (Gamma's Rewarder, Sushi's ComplexRewarderTime).
  'function pendingToken(uint256 pid, address user) view returns (uint256)',
  // A StakingRewards (Steer's staking pools).
  'function earned(address account) view returns (uint256)',
]);

/**
 * A wallet's shares of one vault: held, and staked where the list says, with the vault's tokens and pool and the
 * staking's reward tokens as the chain names them (the lens read them).
 */
export type VaultHolding = {
  vault: ListedVault;
  held: bigint;
  staked: bigint;
  token0: Address;
  token1: Address;
  pool: Address;
  rewardToken: Address | null;
  /** The chef's rewarders of the vault's pool, each paying its own token. */
  rewarders: readonly { rewarder: Address; token: Address }[];
};

type TickRange = { lower: number; upper: number };

/** What the second request reads of a vault the wallet has shares of. */
type VaultState = {
  totalSupply: bigint | null;
  totals: readonly [bigint, bigint] | null;
  /** The vault's ranges, the main (base) one first; null until read. */
  ranges: TickRange[] | null;
  pool: { sqrtPriceX96: bigint; tick: number } | null;
  pending: bigint | null;
  /** Each rewarder's pendingToken, in the holding's order; null where it could not be read. */
  rewarderPending: (bigint | null)[];
};

/** The reads of a vault's ranges, by manager; each answers them main range first. */
const rangeReads: Record<VaultManager, (plan: PlanRead) => (state: VaultState) => void> = {
  gamma: (read) => readBaseAndLimit(read),
  ichi: (read) => readBaseAndLimit(read),
  steer: (read) => {
    let ranges: TickRange[] | null = null;
    read<readonly [readonly number[], readonly number[], readonly number[]]>('getPositions', [], (v) => {
      ranges = v[0].map((lower, i) => ({ lower: Number(lower), upper: Number(v[1][i]!) }));
    });
    return (state) => {
      state.ranges = ranges;
    };
  },
  defiedge: (read) => {
    let ranges: TickRange[] | null = null;
    read<readonly { tickLower: number; tickUpper: number }[]>('getTicks', [], (v) => {
      ranges = v.map((t) => ({ lower: Number(t.tickLower), upper: Number(t.tickUpper) }));
    });
    return (state) => {
      state.ranges = ranges;
    };
  },
};

type PlanRead = <T>(functionName: string, args: readonly unknown[], apply: (v: T) => void) => void;

/**
 * A vault's supply and own totals in a plan (getTotalAmounts; DefiEdge's getAUMWithFees(true) with its fees added,
 * as QuickSwap's interface does): `apply` gets both once the plan ran and both were read.
 */
function planVaultTotals(
  read: PlanRead,
  manager: VaultManager,
  apply: (totals: readonly [bigint, bigint], supply: bigint) => void,
): void {
  let supply: bigint | null = null;
  let totals: readonly [bigint, bigint] | null = null;
  const done = () => {
    if (supply !== null && totals !== null) apply(totals, supply);
  };
  read<bigint>('totalSupply', [], (v) => {
    supply = v;
    done();
  });
  if (manager === 'defiedge') {
    read<readonly [bigint, bigint, bigint, bigint]>('getAUMWithFees', [true], (v) => {
      totals = [v[0] + v[2], v[1] + v[3]];
      done();
    });
  } else {
    read<readonly [bigint, bigint]>('getTotalAmounts', [], (v) => {
      totals = v;
      done();
    });
  }
}

/** A vault's reads in `plan`: a call of its own, its answer applied when it answered (unread: left unknown). */
function vaultReads(plan: ReadPlan, vault: { address: Address; manager: VaultManager }): PlanRead {
  return (functionName, args, apply) =>
    plan.addOptional(
      {
        label: `${vault.manager} vault ${vault.address}: ${functionName}()`,
        address: vault.address,
        abi: vaultAbi as Abi,
        functionName,
        args,
      },
      (v) => {
        if (v !== null) apply(v as never);
      },
    );
}

/** A vault's supply and totals in `plan` (at the plan's block): `apply` once both were read. */
export function planVaultTotalsOf(
  plan: ReadPlan,
  vault: { address: Address; manager: VaultManager },
  apply: (totals: readonly [bigint, bigint], supply: bigint) => void,
): void {
  planVaultTotals(vaultReads(plan, vault), vault.manager, apply);
}

function readBaseAndLimit(read: PlanRead): (state: VaultState) => void {
  const ticks: Record<'baseLower' | 'baseUpper' | 'limitLower' | 'limitUpper', number | null> = {
    baseLower: null,
    baseUpper: null,
    limitLower: null,
    limitUpper: null,
  };
  for (const name of Object.keys(ticks) as (keyof typeof ticks)[]) {
    read<number>(name, [], (v) => (ticks[name] = Number(v)));
  }
  return (state) => {
    const { baseLower, baseUpper, limitLower, limitUpper } = ticks;
    if (baseLower === null || baseUpper === null || limitLower === null || limitUpper === null) return;
    state.ranges = [
      { lower: baseLower, upper: baseUpper },
      { lower: limitLower, upper: limitUpper },
    ];
  };
}

/**
 * The second request's reads of one held vault: its supply, its own totals (getTotalAmounts; DefiEdge's
 * getAUMWithFees(true) with the fees added, as QuickSwap's interface does), its ranges, its pool's price, and the
 * wallet's pending staking rewards. Answers its wire figures once the tokens are priced, or null when a read failed
 * (it is then unreadable, not empty).
 */
export function planVaultShare(
  plan: ReadPlan,
  wallet: Address,
  holding: VaultHolding,
): (amountOf: AmountOf) => VaultShare | null {
  const { vault } = holding;
  const state: VaultState = {
    totalSupply: null,
    totals: null,
    ranges: null,
    pool: null,
    pending: null,
    rewarderPending: holding.rewarders.map(() => null),
  };
  const read = vaultReads(plan, vault);
  planVaultTotals(read, vault.manager, (totals, supply) => {
    state.totals = totals;
    state.totalSupply = supply;
  });
  const applyRanges = rangeReads[vault.manager](read);
  plan.addOptional<readonly [bigint, number]>(
    {
      label: `pool ${holding.pool}: globalState()`,
      address: holding.pool,
      abi: algebraPoolAbi as Abi,
      functionName: 'globalState',
    },
    (v) => {
      if (v !== null) state.pool = { sqrtPriceX96: v[0], tick: Number(v[1]) };
    },
  );
  planPendingRewards(plan, wallet, holding, state);
  return (amountOf) => {
    applyRanges(state);
    const { totalSupply, totals, ranges, pool } = state;
    if (totalSupply === null || totalSupply === 0n || totals === null || !ranges?.length || !pool) {
      return null;
    }
    const shares = holding.held + holding.staked;
    // The wallet's part of the vault: its shares, held and staked, of the supply (rounded down, as a withdraw is).
    const amount0 = amountOf(holding.token0, (totals[0] * shares) / totalSupply);
    const amount1 = amountOf(holding.token1, (totals[1] * shares) / totalSupply);
    const d0 = amount0.token.decimals;
    const d1 = amount1.token.decimals;
    const priceAt = (tick: number) => priceFromSqrtX96(sqrtPriceX96AtTick(tick), d0, d1);
    const range = ({ lower, upper }: TickRange) => ({
      lower: priceAt(lower),
      upper: priceAt(upper),
      is_in_range: lower <= pool.tick && pool.tick < upper,
    });
    const { rewards, rewardsKnown } = pendingRewards(holding, state, amountOf);
    const [base, limit] = ranges;
    return {
      vault: vault.address,
      manager: vault.manager,
      shares: {
        held: formatUnits(holding.held, 18),
        staked: formatUnits(holding.staked, 18),
        total_supply: formatUnits(totalSupply, 18),
      },
      amounts: [toTokenAmount(amount0), toTokenAmount(amount1)],
      // The pool's own price (its sqrtPrice), not its tick's: the tick is the price rounded down.
      price: priceFromSqrtX96(pool.sqrtPriceX96, d0, d1),
      base_range: range(base!),
      limit_range: limit ? range(limit) : null,
      staking:
        vault.staking && holding.staked > 0n
          ? { address: vault.staking.address, kind: vault.staking.kind, pid: stakingPid(vault) }
          : null,
      rewards: rewards.map(toTokenAmount),
      rewards_complete: rewardsKnown,
      usd: rewardsKnown ? sumUsd([amount0, amount1, ...rewards]) : null,
    };
  };
}

/** A staking pool of Steer's has no pid: null on the wire. */
function stakingPid(vault: ListedVault): number | null {
  return vault.staking?.kind === 'staking-rewards' ? null : (vault.staking?.pid ?? null);
}

/** The pending rewards of the staked shares: the staking's own (pendingSushi / earned) and each rewarder's. */
function planPendingRewards(plan: ReadPlan, wallet: Address, holding: VaultHolding, state: VaultState) {
  const { staking } = holding.vault;
  if (!staking || holding.staked === 0n) return;
  const isStakingRewards = staking.kind === 'staking-rewards';
  plan.addOptional<bigint>(
    {
      label: `${staking.kind} ${staking.address}: ${isStakingRewards ? 'earned' : `pendingSushi(${staking.pid})`}`,
      address: staking.address,
      abi: stakingAbi as Abi,
      functionName: isStakingRewards ? 'earned' : 'pendingSushi',
      args: isStakingRewards ? [wallet] : [BigInt(staking.pid), wallet],
    },
    (v) => {
      state.pending = v;
    },
  );
  holding.rewarders.forEach(({ rewarder }, r) => {
    plan.addOptional<bigint>(
      {
        label: `rewarder ${rewarder}: pendingToken(${staking.pid})`,
        address: rewarder,
        abi: stakingAbi as Abi,
        functionName: 'pendingToken',
        args: [BigInt(staking.pid), wallet],
      },
      (v) => {
        state.rewarderPending[r] = v;
      },
    );
  });
}

/** The staked shares' rewards: the staking's own and each rewarder's; one unread makes their sum unknown. */
function pendingRewards(holding: VaultHolding, state: VaultState, amountOf: AmountOf) {
  const isStaked = holding.staked > 0n;
  const own =
    isStaked && holding.rewardToken && state.pending !== null
      ? [amountOf(holding.rewardToken, state.pending)]
      : [];
  const fromRewarders = holding.rewarders.flatMap(({ token }, r) => {
    const pending = state.rewarderPending[r];
    // A rewarder whose token could not be read (the zero address) is a reward unknown, not none.
    return isStaked && pending !== null && pending !== undefined && token !== zeroAddress
      ? [amountOf(token, pending)]
      : [];
  });
  const rewards: RawAmount[] = [...own, ...fromRewarders];
  const rewardsKnown = !isStaked || (own.length > 0 && fromRewarders.length === holding.rewarders.length);
  return { rewards, rewardsKnown };
}
