import { v3Abis } from '@tidewatch/contracts';
import type { TokenRef, V3Incentive, V3Pool, V3Position } from '@tidewatch/shared';
import { type Address, getAddress, zeroAddress } from 'viem';
import type { ChainClient } from '../../../core/chain/client.ts';
import { planTokenReads, type TokenInfo } from '../../../core/chain/erc20.ts';
import { ChainUnavailableError } from '../../../core/chain/errors.ts';
import { ReadPlan } from '../../../core/chain/read-plan.ts';
import { labelSymbol, type OldTokens } from '../../../core/chain/token-labels.ts';
import { type RawAmount, sumUsd, toTokenAmount } from '../../../core/prices/token-amounts.ts';
import type { TokenPrice } from '../../../core/snapshots/index.ts';
import { withPoolPrices } from '../../../core/v3/pool-prices.ts';
import { amountsForLiquidity, priceFromSqrtX96, toV3RangeWire } from '../../../core/v3/position-math.ts';
import type { V3Contracts } from './contracts.ts';
import type { FoundV3Position, V3ReadBlock } from './found-position.ts';
import type { V3IncentiveIndex, V3IncentiveRecord } from './incentives.ts';
import { callFromOwner, type OwnerCall } from './owner-calls.ts';
import { pendingByToken, rewardTokensOf } from './reward-tokens.ts';

/**
 * The app's one price rule (decision 021) for the tokens of a read: plans their on-chain price reads in the
 * read's aggregate3; once it ran, answers each token's price by lower-case address (CoinMarketCap where the
 * user chose it). The feature passes `planTokenPrices` of core/snapshots; a job at a past block passes it
 * with `isPast`.
 */
export type PlanTokenPrices = (plan: ReadPlan, tokens: Address[]) => () => Promise<Map<string, TokenPrice>>;

/** What reading and valuing positions needs: all of it chain and prices, nothing of a request or a table. */
export type V3ReadDeps = {
  chain: ChainClient;
  contracts: V3Contracts;
  incentives: V3IncentiveIndex;
  planPrices: PlanTokenPrices;
  /** Old QUICK and dQUICK, labelled apart from the new ones as everywhere in the app. */
  oldTokens?: OldTokens;
};

type PoolState = { sqrtPriceX96: bigint; tick: number; fee: number; liquidity: bigint };
type GlobalState = readonly [bigint, number, number, number, number, number, boolean];
type FarmAnswer = readonly [bigint, number, number, bigint, bigint];

const maxUint128 = 2n ** 128n - 1n;
const unique = <T extends string>(items: readonly T[]) => [
  ...new Map(items.map((item) => [item.toLowerCase(), item])).values(),
];
const ownerTokenKey = (owner: Address, token: Address) => `${owner.toLowerCase()}:${token.toLowerCase()}`;
/** Seconds since 1970 as ISO-8601 (a far-future end past JavaScript's dates is the last date it has). */
const isoOfSeconds = (seconds: bigint) => new Date(Math.min(Number(seconds) * 1000, 8.64e15)).toISOString();

/**
 * Values positions at one block (`block`, the block they were found at), per v3PositionSchema: the pool's
 * state, the amounts the liquidity stands for at its current price (Uniswap V3's math, burn rounding), the
 * range as prices, the uncollected fees (a static `collect` from whoever can collect: the NFT owner, or the L2
 * owner through the FarmingCenter), and for a farmed position its eternal incentive, pending rewards (a static
 * `collectRewards` through the FarmingCenter, as QuickSwap's interface; `getRewardInfo` lags between swaps)
 * and collected-but-unclaimed rewards (`rewards(owner, token)`). USD by the app's price rule; a token without
 * a price keeps its amounts and gets USD null. Requests: the incentive logs when a position is farmed (new
 * blocks only), one aggregate3, then the owners' static calls together. `is_tracked` is false: the caller knows.
 *
 * Collected-but-unclaimed rewards belong to an owner, not to a position (EternalFarming's `rewards(owner,
 * token)`): each owner's amount of a token is shown once, on the lowest token id of the read whose incentive
 * pays that token, so adding up positions never counts it twice.
 * @example const positions = await readV3Positions(deps, found.positions, found.block);
 */
export async function readV3Positions(
  deps: V3ReadDeps,
  found: readonly FoundV3Position[],
  block: V3ReadBlock,
  options: { isLive?: boolean } = {},
): Promise<V3Position[]> {
  if (!options.isLive) return readAt(deps, found, block, { isLive: false, isKnownFirst: false });
  // A live list reads the incentives already known (no request); a farmed position in none of them is in an
  // incentive newer than the index: those are read again after a scan of the new logs (issue 43, finding 3).
  const first = await readAt(deps, found, block, { isLive: true, isKnownFirst: true });
  const unmatched = new Set(first.filter((p) => p.is_farmed && p.farming === null).map((p) => p.token_id));
  if (unmatched.size === 0) return first;
  const again = await readAt(
    deps,
    found.filter((p) => unmatched.has(p.tokenId.toString())),
    block,
    { isLive: true, isKnownFirst: false },
  );
  return mergeRead(first, again);
}

/**
 * The first read with the second's positions in place of its own. An owner's unclaimed reward balance is shown
 * once across both (the first read's position keeps it): the second drops what the first showed.
 */
function mergeRead(first: V3Position[], again: V3Position[]): V3Position[] {
  const shown = new Set(
    first.flatMap((p) =>
      (p.farming?.unclaimed ?? []).map((u) => `${p.owner}:${u.token.address}`.toLowerCase()),
    ),
  );
  const byId = new Map(
    again.map((position) => {
      const unclaimed = position.farming?.unclaimed ?? [];
      const dropped = unclaimed.filter((u) =>
        shown.has(`${position.owner}:${u.token.address}`.toLowerCase()),
      );
      if (!position.farming || dropped.length === 0) return [position.token_id, position];
      const droppedUsd = dropped.reduce<number | null>(
        (sum, u) => (sum === null || u.usd === null ? null : sum + u.usd),
        0,
      );
      return [
        position.token_id,
        {
          ...position,
          farming: { ...position.farming, unclaimed: unclaimed.filter((u) => !dropped.includes(u)) },
          rewards_usd:
            position.rewards_usd === null || droppedUsd === null ? null : position.rewards_usd - droppedUsd,
        },
      ];
    }),
  );
  return first.map((position) => byId.get(position.token_id) ?? position);
}

/** One read of `found` at `block` (see readV3Positions), the incentives known or scanned first. */
async function readAt(
  deps: V3ReadDeps,
  found: readonly FoundV3Position[],
  block: V3ReadBlock,
  options: { isLive: boolean; isKnownFirst: boolean },
): Promise<V3Position[]> {
  if (found.length === 0) return [];
  const farmed = found.filter((p) => p.isFarmed);
  const candidates = await incentivesOrUnknown(deps, farmed, block, options);
  const candidatesOf = (p: FoundV3Position) => candidates.get(p.pool.toLowerCase()) ?? [];
  const plan = new ReadPlan();
  const pools = planPools(plan, unique(found.map((p) => p.pool)));
  const tokenAddresses = unique([
    ...found.flatMap((p) => [p.token0, p.token1]),
    ...farmed.flatMap((p) => candidatesOf(p).flatMap(rewardTokensOf)),
  ]);
  const tokens = new Map<string, TokenInfo>();
  for (const address of tokenAddresses) {
    planTokenReads(plan, address, (info) => tokens.set(address.toLowerCase(), info));
  }
  const pricesOf = deps.planPrices(plan, tokenAddresses);
  const farming = planFarming(plan, deps.contracts, farmed, candidatesOf, rewardTokensOf);
  await plan.run(deps.chain, block.number);
  // The price rule's 'pool' step, as the V2 snapshots and the V3 history take it (issue 42, finding 8).
  const prices = withPoolPrices(
    await pricesOf(),
    found.map((position) => ({
      token0: tokens.get(position.token0.toLowerCase())!,
      token1: tokens.get(position.token1.toLowerCase())!,
      sqrtPriceX96: pools.get(position.pool.toLowerCase())!.sqrtPriceX96,
    })),
  );

  const incentiveOf = new Map<bigint, V3IncentiveRecord>();
  for (const position of farmed) {
    const incentive = farming.incentiveOf(position, candidatesOf(position));
    if (incentive) incentiveOf.set(position.tokenId, incentive);
  }
  const { fees, pending } = await readOwnerCalls(deps, found, incentiveOf, block.number);

  const tokenRef = (address: Address): TokenRef => {
    const info = tokens.get(address.toLowerCase())!;
    const symbol = deps.oldTokens ? labelSymbol(deps.oldTokens, address, info.symbol) : info.symbol;
    return { address: getAddress(address), symbol, decimals: info.decimals };
  };
  const priceOf = (address: Address) => prices.get(address.toLowerCase())?.usd ?? null;
  const raw = (address: Address, amount: bigint): RawAmount => ({
    token: tokenRef(address),
    raw: amount,
    priceUsd: priceOf(address),
  });

  // Each owner's unclaimed amount of a token, on the first position (by token id) whose incentive pays it.
  const unclaimedShownOn = new Map<string, bigint>();
  for (const position of [...farmed].sort((a, b) => (a.tokenId < b.tokenId ? -1 : 1))) {
    const incentive = incentiveOf.get(position.tokenId);
    for (const token of incentive ? rewardTokensOf(incentive) : []) {
      const key = ownerTokenKey(position.owner, token);
      if (!unclaimedShownOn.has(key)) unclaimedShownOn.set(key, position.tokenId);
    }
  }

  return found.map((position): V3Position => {
    const state = pools.get(position.pool.toLowerCase())!;
    const t0 = tokenRef(position.token0);
    const t1 = tokenRef(position.token1);
    const { amount0, amount1 } = amountsForLiquidity({
      liquidity: position.liquidity,
      tickLower: position.tickLower,
      tickUpper: position.tickUpper,
      tick: state.tick,
      sqrtPriceX96: state.sqrtPriceX96,
    });
    const amounts = [raw(position.token0, amount0), raw(position.token1, amount1)] as const;
    const owed = fees.get(position.tokenId);
    const feeAmounts = owed
      ? ([raw(position.token0, owed[0]), raw(position.token1, owed[1])] as const)
      : null;
    const pool: V3Pool = {
      address: position.pool,
      token0: t0,
      token1: t1,
      tick: state.tick,
      sqrt_price_x96: state.sqrtPriceX96.toString(),
      liquidity: state.liquidity.toString(),
      fee: state.fee,
      price: priceFromSqrtX96(state.sqrtPriceX96, t0.decimals, t1.decimals),
      price0_usd: priceOf(position.token0),
      price1_usd: priceOf(position.token1),
    };
    const incentive = incentiveOf.get(position.tokenId);
    let farmingValue: V3Position['farming'] = null;
    let rewardsUsd: number | null = position.isFarmed ? null : 0;
    if (incentive) {
      const rewardTokens = rewardTokensOf(incentive);
      const paid = pending.get(position.tokenId);
      const pendingAmounts = paid
        ? pendingByToken(incentive, paid).map(({ token, amount }) => raw(token, amount))
        : [];
      const unclaimedAmounts = rewardTokens
        .filter((token) => unclaimedShownOn.get(ownerTokenKey(position.owner, token)) === position.tokenId)
        .map((token) => raw(token, farming.unclaimed(position.owner, token)));
      farmingValue = {
        incentive: toIncentive(incentive, farming.isAttached(incentive), tokenRef),
        pending: pendingAmounts.map(toTokenAmount),
        unclaimed: unclaimedAmounts.map(toTokenAmount),
      };
      rewardsUsd = paid ? sumUsd([...pendingAmounts, ...unclaimedAmounts]) : null;
    }
    return {
      token_id: position.tokenId.toString(),
      owner: position.owner,
      is_farmed: position.isFarmed,
      pool,
      ...toV3RangeWire(position, t0.decimals, t1.decimals),
      in_range: position.tickLower <= state.tick && state.tick < position.tickUpper,
      liquidity: position.liquidity.toString(),
      amounts: [toTokenAmount(amounts[0]), toTokenAmount(amounts[1])],
      fees: feeAmounts ? [toTokenAmount(feeAmounts[0]), toTokenAmount(feeAmounts[1])] : null,
      farming: farmingValue,
      value_usd: sumUsd(amounts),
      fees_usd: feeAmounts ? sumUsd(feeAmounts) : null,
      rewards_usd: rewardsUsd,
      is_tracked: false,
      block_number: Number(block.number),
    };
  });
}

/**
 * The incentives of the farmed positions' pools. A live screen (`isLive`) whose incentive logs the node would
 * not read shows the farmed positions with their farming unknown and everything else (issue 43, finding 3);
 * a stored snapshot waits for a whole read (the error goes up, and the round tries again).
 */
async function incentivesOrUnknown(
  deps: V3ReadDeps,
  farmed: readonly FoundV3Position[],
  block: V3ReadBlock,
  options: { isLive: boolean; isKnownFirst: boolean },
): Promise<Map<string, V3IncentiveRecord[]>> {
  if (farmed.length === 0) return new Map();
  const pools = unique(farmed.map((p) => p.pool));
  if (options.isKnownFirst) {
    const known = await deps.incentives.knownIncentivesOf(pools);
    // A pool with no incentive known at all is certainly newer than the index: scan before reading.
    if (pools.every((pool) => (known.get(pool.toLowerCase())?.length ?? 0) > 0)) return known;
  }
  try {
    return await deps.incentives.incentivesOf(pools, block.number);
  } catch (error) {
    if (options.isLive && error instanceof ChainUnavailableError) return new Map();
    throw error;
  }
}

/** globalState() and liquidity() of each pool, into the plan. */
function planPools(plan: ReadPlan, pools: readonly Address[]): Map<string, PoolState> {
  const states = new Map<string, PoolState>();
  for (const address of pools) {
    const state: PoolState = { sqrtPriceX96: 0n, tick: 0, fee: 0, liquidity: 0n };
    states.set(address.toLowerCase(), state);
    plan.add<GlobalState>(
      { label: `V3 pool ${address}: globalState()`, address, abi: v3Abis.pool, functionName: 'globalState' },
      (v) => {
        state.sqrtPriceX96 = v[0];
        state.tick = Number(v[1]);
        state.fee = Number(v[2]);
      },
    );
    plan.add<bigint>(
      { label: `V3 pool ${address}: liquidity()`, address, abi: v3Abis.pool, functionName: 'liquidity' },
      (v) => {
        state.liquidity = v;
      },
    );
  }
  return states;
}

/**
 * The farming reads of farmed positions, into the plan: farms(tokenId, id) for each incentive of its pool
 * (the one it is in has liquidity), each pool's eternal virtual pool (an incentive whose virtual pool it no
 * longer is was detached: ended), and rewards(owner, token) for each owner and reward token.
 */
function planFarming(
  plan: ReadPlan,
  contracts: V3Contracts,
  farmed: readonly FoundV3Position[],
  candidatesOf: (p: FoundV3Position) => V3IncentiveRecord[],
  rewardTokensOf: (incentive: V3IncentiveRecord) => Address[],
) {
  const farmLiquidity = new Map<string, bigint>();
  const eternalVirtualPool = new Map<string, Address>();
  const unclaimed = new Map<string, bigint>();
  const eternal = { address: contracts.eternalFarming, abi: v3Abis.eternalFarming };
  for (const position of farmed) {
    for (const incentive of candidatesOf(position)) {
      plan.add<FarmAnswer>(
        {
          label: `eternal farming: farms(${position.tokenId}, ${incentive.id})`,
          ...eternal,
          functionName: 'farms',
          args: [position.tokenId, incentive.id],
        },
        (v) => farmLiquidity.set(`${position.tokenId}:${incentive.id}`, v[0]),
      );
      for (const token of rewardTokensOf(incentive)) {
        const key = ownerTokenKey(position.owner, token);
        if (unclaimed.has(key)) continue;
        unclaimed.set(key, 0n);
        plan.add<bigint>(
          {
            label: `eternal farming: rewards(${position.owner}, ${token})`,
            ...eternal,
            functionName: 'rewards',
            args: [position.owner, token],
          },
          (v) => unclaimed.set(key, v),
        );
      }
    }
  }
  for (const pool of unique(farmed.map((p) => p.pool))) {
    plan.add<readonly [Address, Address]>(
      {
        label: `farming center: virtualPoolAddresses(${pool})`,
        address: contracts.farmingCenter,
        abi: v3Abis.farmingCenter,
        functionName: 'virtualPoolAddresses',
        args: [pool],
      },
      (v) => eternalVirtualPool.set(pool.toLowerCase(), getAddress(v[1])),
    );
  }
  const isAttached = (incentive: V3IncentiveRecord) =>
    eternalVirtualPool.get(incentive.key.pool.toLowerCase()) === incentive.virtualPool;
  return {
    isAttached,
    unclaimed: (owner: Address, token: Address) => unclaimed.get(ownerTokenKey(owner, token)) ?? 0n,
    /** The incentive the position is in: liquidity in its farm; an attached one first, then the newest. */
    incentiveOf(position: FoundV3Position, incentives: V3IncentiveRecord[]): V3IncentiveRecord | undefined {
      const entered = incentives.filter(
        (incentive) => (farmLiquidity.get(`${position.tokenId}:${incentive.id}`) ?? 0n) > 0n,
      );
      return entered.find(isAttached) ?? entered.at(-1);
    },
  };
}

/**
 * The static calls from each owner, issued together (one HTTP request): the position manager's collect for
 * positions a wallet holds; the FarmingCenter's collect and collectRewards for farmed ones, from their L2 owner.
 */
async function readOwnerCalls(
  deps: V3ReadDeps,
  found: readonly FoundV3Position[],
  incentiveOf: Map<bigint, V3IncentiveRecord>,
  block: bigint,
): Promise<{
  fees: Map<bigint, readonly [bigint, bigint]>;
  pending: Map<bigint, readonly [bigint, bigint]>;
}> {
  const fees = new Map<bigint, readonly [bigint, bigint]>();
  const pending = new Map<bigint, readonly [bigint, bigint]>();
  const groups = new Map<string, { owner: Address; isFarmed: boolean; positions: FoundV3Position[] }>();
  for (const position of found) {
    const key = `${position.isFarmed}:${position.owner.toLowerCase()}`;
    const group = groups.get(key) ?? { owner: position.owner, isFarmed: position.isFarmed, positions: [] };
    group.positions.push(position);
    groups.set(key, group);
  }
  const collectCall = (position: FoundV3Position, abi: OwnerCall['abi']): OwnerCall => ({
    abi,
    functionName: 'collect',
    args: [
      {
        tokenId: position.tokenId,
        recipient: position.owner,
        amount0Max: maxUint128,
        amount1Max: maxUint128,
      },
    ],
  });
  await Promise.all(
    [...groups.values()].map(async ({ owner, isFarmed, positions }) => {
      const abi = isFarmed ? v3Abis.farmingCenter : v3Abis.positionManager;
      const to = isFarmed ? deps.contracts.farmingCenter : deps.contracts.positionManager;
      const rewarded = positions.filter((p) => incentiveOf.has(p.tokenId));
      const calls: OwnerCall[] = [
        ...positions.map((p) => collectCall(p, abi)),
        ...rewarded.map((p) => ({
          abi: v3Abis.farmingCenter,
          functionName: 'collectRewards',
          args: [incentiveOf.get(p.tokenId)!.key, p.tokenId],
        })),
      ];
      const answers = await callFromOwner(deps.chain, owner, to, calls, block);
      positions.forEach((p, i) => {
        const answer = answers[i];
        if (answer) fees.set(p.tokenId, [answer[0] as bigint, answer[1] as bigint]);
      });
      rewarded.forEach((p, i) => {
        const answer = answers[positions.length + i];
        if (answer) pending.set(p.tokenId, [answer[0] as bigint, answer[1] as bigint]);
      });
    }),
  );
  return { fees, pending };
}

function toIncentive(
  incentive: V3IncentiveRecord,
  isAttached: boolean,
  tokenRef: (address: Address) => TokenRef,
): V3Incentive {
  const { key } = incentive;
  return {
    id: incentive.id,
    reward_token: tokenRef(key.rewardToken),
    bonus_reward_token: key.bonusRewardToken === zeroAddress ? null : tokenRef(key.bonusRewardToken),
    start_time: isoOfSeconds(key.startTime),
    end_time: isoOfSeconds(key.endTime),
    // An eternal incentive runs while it is attached to its pool; detached, it pays nothing more.
    is_ended: !isAttached,
  };
}
