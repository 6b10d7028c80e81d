import type { TokenRef } from '@tidewatch/shared';
import type { ChainEntry } from '@tidewatch/shared/chain-registry';
import type { ChainHoldings, IntegralPosition } from '@tidewatch/shared/chains';
import { type Address, getAddress, zeroAddress } from 'viem';
import type { ChainClient } from '../../core/chain/client.ts';
import { planTokenReads, type TokenInfo } from '../../core/chain/erc20.ts';
import { ReadPlan } from '../../core/chain/read-plan.ts';
import type { OnchainPriceSource } from '../../core/prices/onchain-source.ts';
import { priceKey } from '../../core/prices/price-source.ts';
import { type RawAmount, sumUsd, toTokenAmount } from '../../core/prices/token-amounts.ts';
import { uncollectedFees } from '../../core/v3/fee-growth.ts';
import { amountsForLiquidity } from '../../core/v3/position-math.ts';
import type { FoundHoldings, FoundIntegralPosition } from './reads/find-holdings.ts';

/** What valuing one chain's holdings needs: that chain's client and its on-chain price rule. */
export type ChainValueDeps = { entry: ChainEntry; chain: ChainClient; prices: OnchainPriceSource };

const isoOfSeconds = (seconds: bigint) => new Date(Math.min(Number(seconds) * 1000, 8.64e15)).toISOString();

/**
 * Values what findChainHoldings found, at the block it found it: the tokens' symbols and decimals and their prices
 * by the one price rule on that chain (its own V2 pairs against its USDC and wrapped native token) in one
 * aggregate3, then per position the amounts (Integral: Uniswap V3's liquidity math, which both Algebra versions
 * use; V2: the LP's share of the reserves, rounded down as a burn pays), uncollected fees and syrup rewards. A
 * token without a price keeps its amounts and gets USD null; a total with such a token is null, never a lower sum.
 * @example const holdings = await valueChainHoldings(deps, wallet, found);
 */
export async function valueChainHoldings(
  deps: ChainValueDeps,
  wallet: Address,
  found: FoundHoldings,
): Promise<ChainHoldings> {
  const tokenAddresses = new Map<string, Address>();
  const addToken = (token: Address) => tokenAddresses.set(priceKey(token), getAddress(token));
  for (const p of found.v4) [p.token0, p.token1].forEach(addToken);
  for (const h of found.v2) [h.token0, h.token1].forEach(addToken);
  for (const s of found.syrups) [s.stakingToken, s.rewardsToken].forEach(addToken);

  const plan = new ReadPlan();
  const infos = new Map<string, TokenInfo>();
  for (const token of tokenAddresses.values()) {
    planTokenReads(plan, token, (info) => infos.set(priceKey(token), info));
  }
  const pricesOf = deps.prices.planPrices(plan, [...tokenAddresses.values()]);
  if (tokenAddresses.size > 0) await plan.run(deps.chain, found.block.number);
  const prices = tokenAddresses.size > 0 ? pricesOf() : new Map();

  const tokenRef = (address: Address): TokenRef => {
    const info = infos.get(priceKey(address));
    return { address: getAddress(address), symbol: info?.symbol ?? '?', decimals: info?.decimals ?? 0 };
  };
  const raw = (token: Address, amount: bigint): RawAmount => ({
    token: tokenRef(token),
    raw: amount,
    priceUsd: prices.get(priceKey(token))?.usd ?? null,
  });

  const v4Positions = found.v4.map((p) => toIntegralPosition(p, raw));
  const v2Positions = found.v2.map((h) => {
    const amounts = [
      raw(h.token0, h.totalSupply === 0n ? 0n : (h.balance * h.reserve0) / h.totalSupply),
      raw(h.token1, h.totalSupply === 0n ? 0n : (h.balance * h.reserve1) / h.totalSupply),
    ] as const;
    return {
      pair: h.pair,
      lp_balance: h.balance.toString(),
      amounts: [toTokenAmount(amounts[0]), toTokenAmount(amounts[1])] as [
        ReturnType<typeof toTokenAmount>,
        ReturnType<typeof toTokenAmount>,
      ],
      value_usd: sumUsd(amounts),
      rawAmounts: amounts,
    };
  });
  const syrups = found.syrups.map((s) => {
    const staked = raw(s.stakingToken, s.staked);
    const earned = raw(s.rewardsToken, s.earned);
    return {
      pool: s.pool,
      staked: toTokenAmount(staked),
      earned: toTokenAmount(earned),
      ends_at: isoOfSeconds(s.periodFinish),
      has_ended: s.periodFinish <= found.block.timestamp,
      value_usd: sumUsd([staked, earned]),
      rawAmounts: [staked, earned],
    };
  });

  const everything = [
    ...v4Positions.flatMap((p) => p.rawAmounts),
    ...v2Positions.flatMap((p) => p.rawAmounts),
    ...syrups.flatMap((s) => s.rawAmounts),
  ];
  return {
    chain_id: deps.entry.id,
    chain_name: deps.entry.name,
    wallet_address: getAddress(wallet),
    block_number: found.block.number.toString(),
    block_timestamp: isoOfSeconds(found.block.timestamp),
    v4_positions: v4Positions.map(({ rawAmounts: _, ...position }) => position),
    v2_positions: v2Positions.map(({ rawAmounts: _, ...position }) => position),
    syrups: syrups.map(({ rawAmounts: _, ...stake }) => stake),
    total_usd: sumUsd(everything),
  };
}

function toIntegralPosition(
  p: FoundIntegralPosition,
  raw: (token: Address, amount: bigint) => RawAmount,
): IntegralPosition & { rawAmounts: RawAmount[] } {
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
