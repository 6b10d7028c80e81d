import type { TokenRef } from '@tidewatch/shared';
import type { ChainEntry } from '@tidewatch/shared/chain-registry';
import type { ChainHoldings, IntegralPosition } from '@tidewatch/shared/chains';
import { type Address, formatUnits, getAddress, zeroAddress } from 'viem';
import type { ChainClient } from '../../core/chain/client.ts';
import { planTokenReads, type TokenInfo } from '../../core/chain/erc20.ts';
import { ReadPlan } from '../../core/chain/read-plan.ts';
import type { OnchainPriceSource } from '../../core/prices/onchain-source.ts';
import type { PlanChainPrices } from '../../core/prices/plan-chain-prices.ts';
import { priceKey } from '../../core/prices/price-source.ts';
import { type RawAmount, sumUsd, toTokenAmount } from '../../core/prices/token-amounts.ts';
import { uncollectedFees } from '../../core/v3/fee-growth.ts';
import { amountsForLiquidity } from '../../core/v3/position-math.ts';
import type { FoundConcentratedPosition, FoundHoldings } from './reads/find-holdings.ts';

/** What valuing one chain's holdings needs: that chain's name and id, its client and its price rule. */
export type ChainValueDeps = {
  entry: Pick<ChainEntry, 'id' | 'name'>;
  chain: ChainClient;
  planPrices: PlanChainPrices;
};

/** A chain's on-chain price rule as a price planner (Base: no API, no operator's choices there). */
export const onchainPlanner =
  (prices: OnchainPriceSource): PlanChainPrices =>
  (plan, tokens) => {
    const planned = prices.planPrices(plan, tokens);
    return async () => planned();
  };

const isoOfSeconds = (seconds: bigint) => new Date(Math.min(Number(seconds) * 1000, 8.64e15)).toISOString();

type Valued<T> = T & { rawAmounts: RawAmount[] };
const withoutRaw = <T>({ rawAmounts: _, ...rest }: Valued<T>) => rest as T;

/**
 * Values what findChainHoldings found, at the block it found it: the tokens' symbols and decimals and their prices
 * by that chain's price rule in one aggregate3, then per position the amounts (concentrated liquidity: Uniswap V3's
 * liquidity math, which both Algebra versions use; V2 LP, held or staked in a farm: its share of the reserves,
 * rounded down as a burn pays), uncollected fees, and what stakes earned. A token without a price keeps its amounts
 * and gets USD null; a total with such a token is null, never a lower sum.
 * @example const holdings = await valueChainHoldings(deps, wallet, found);
 */
export async function valueChainHoldings(
  deps: ChainValueDeps,
  wallet: Address,
  found: FoundHoldings,
): Promise<ChainHoldings> {
  const tokenAddresses = new Map<string, Address>();
  const addToken = (token: Address) => tokenAddresses.set(priceKey(token), getAddress(token));
  for (const p of found.positions) [p.token0, p.token1].forEach(addToken);
  for (const h of found.v2) [h.token0, h.token1].forEach(addToken);
  for (const s of found.stakes) {
    if (s.pair) [s.pair.token0, s.pair.token1].forEach(addToken);
    else addToken(s.stakingToken);
    for (const e of s.earned) addToken(e.token);
  }

  const plan = new ReadPlan();
  const infos = new Map<string, TokenInfo>();
  for (const token of tokenAddresses.values()) {
    planTokenReads(plan, token, (info) => infos.set(priceKey(token), info));
  }
  const pricesOf = deps.planPrices(plan, [...tokenAddresses.values()]);
  if (tokenAddresses.size > 0) await plan.run(deps.chain, found.block.number);
  const prices = tokenAddresses.size > 0 ? await pricesOf() : new Map<string, { usd: number | null }>();

  const tokenRef = (address: Address): TokenRef => {
    const info = infos.get(priceKey(address));
    return { address: getAddress(address), symbol: info?.symbol ?? '?', decimals: info?.decimals ?? 0 };
  };
  const raw = (token: Address, amount: bigint): RawAmount => ({
    token: tokenRef(token),
    raw: amount,
    priceUsd: prices.get(priceKey(token))?.usd ?? null,
  });
  const pairShare = (pair: PairShare, lp: bigint) =>
    [
      raw(pair.token0, pair.totalSupply === 0n ? 0n : (lp * pair.reserve0) / pair.totalSupply),
      raw(pair.token1, pair.totalSupply === 0n ? 0n : (lp * pair.reserve1) / pair.totalSupply),
    ] as const;
  const amountsOf = (amounts: readonly [RawAmount, RawAmount]) =>
    [toTokenAmount(amounts[0]), toTokenAmount(amounts[1])] as [
      ReturnType<typeof toTokenAmount>,
      ReturnType<typeof toTokenAmount>,
    ];
  const ended = (periodFinish: bigint) => ({
    ends_at: isoOfSeconds(periodFinish),
    has_ended: periodFinish <= found.block.timestamp,
  });

  const positions = found.positions.map((p) => ({ product: p.product, ...toConcentrated(p, raw) }));
  const v2Positions = found.v2.map((h) => {
    const amounts = pairShare(h, h.balance);
    return {
      pair: h.pair,
      lp_balance: h.balance.toString(),
      amounts: amountsOf(amounts),
      value_usd: sumUsd(amounts),
      rawAmounts: [...amounts],
    };
  });
  const farms = found.stakes.flatMap((s) => {
    if (s.kind === 'syrup' || !s.pair) return [];
    const amounts = pairShare(s.pair, s.staked);
    const earned = s.earned.map((e) => raw(e.token, e.amount));
    return [
      {
        farm: s.contract,
        kind: s.kind,
        staked_lp: formatUnits(s.staked, 18),
        amounts: amountsOf(amounts),
        earned: earned.map(toTokenAmount),
        ...ended(s.periodFinish),
        value_usd: sumUsd([...amounts, ...earned]),
        rawAmounts: [...amounts, ...earned],
      },
    ];
  });
  const syrups = found.stakes.flatMap((s) => {
    if (s.kind !== 'syrup' || !s.earned[0]) return [];
    const staked = raw(s.stakingToken, s.staked);
    const earned = raw(s.earned[0].token, s.earned[0].amount);
    return [
      {
        pool: s.contract,
        staked: toTokenAmount(staked),
        earned: toTokenAmount(earned),
        ...ended(s.periodFinish),
        value_usd: sumUsd([staked, earned]),
        rawAmounts: [staked, earned],
      },
    ];
  });

  const everything = [...positions, ...v2Positions, ...farms, ...syrups].flatMap((p) => p.rawAmounts);
  const ofProduct = (product: 'v3' | 'v4') =>
    positions.filter((p) => p.product === product).map(({ product: _, ...p }) => withoutRaw(p));
  return {
    chain_id: deps.entry.id,
    chain_name: deps.entry.name,
    wallet_address: getAddress(wallet),
    block_number: found.block.number.toString(),
    block_timestamp: isoOfSeconds(found.block.timestamp),
    v4_positions: ofProduct('v4'),
    v3_positions: ofProduct('v3'),
    v2_positions: v2Positions.map(withoutRaw),
    farms: farms.map(withoutRaw),
    syrups: syrups.map(withoutRaw),
    total_usd: sumUsd(everything),
  };
}

/** A V2 pair's state as a share of its LP is worked out from. */
type PairShare = {
  token0: Address;
  token1: Address;
  reserve0: bigint;
  reserve1: bigint;
  totalSupply: bigint;
};

function toConcentrated(
  p: FoundConcentratedPosition,
  raw: (token: Address, amount: bigint) => RawAmount,
): Valued<IntegralPosition> {
  const { amount0, amount1 } = amountsForLiquidity(p);
  const [fee0, fee1] = uncollectedFees({
    tick: p.tick,
    tickLower: p.tickLower,
    tickUpper: p.tickUpper,
    liquidity: p.liquidity,
    total: p.totalFeeGrowth,
    lowerOuter: p.lowerOuterFeeGrowth,
    upperOuter: p.upperOuterFeeGrowth,
    insideLast: [p.feeGrowthInside0LastX128, p.feeGrowthInside1LastX128],
    owed: [p.tokensOwed0, p.tokensOwed1],
  });
  const amounts = [raw(p.token0, amount0), raw(p.token1, amount1)] as const;
  const fees = [raw(p.token0, fee0), raw(p.token1, fee1)] as const;
  return {
    token_id: p.tokenId.toString(),
    is_farmed: p.isFarmed,
    pool: p.pool,
    custom_deployer: p.deployer === zeroAddress ? null : p.deployer,
    tick_lower: p.tickLower,
    tick_upper: p.tickUpper,
    current_tick: p.tick,
    in_range: p.tick >= p.tickLower && p.tick < p.tickUpper,
    liquidity: p.liquidity.toString(),
    amounts: [toTokenAmount(amounts[0]), toTokenAmount(amounts[1])],
    fees: [toTokenAmount(fees[0]), toTokenAmount(fees[1])],
    value_usd: sumUsd([...amounts, ...fees]),
    rawAmounts: [...amounts, ...fees],
  };
}
