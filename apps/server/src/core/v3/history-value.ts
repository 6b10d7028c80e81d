import { v3Abis } from '@tidewatch/contracts/v3-abis';
import type { TokenRef, V3PositionEvent } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { type Address, getAddress, type Hex } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { planTokenReads, type TokenInfo } from '../chain/erc20.ts';
import { ReadPlan } from '../chain/read-plan.ts';
import type { Database } from '../db/index.ts';
import { findTokensByAddress, upsertToken } from '../farms/repository.ts';
import type { PlanChainPrices } from '../prices/plan-chain-prices.ts';
import type { PriceSources } from '../snapshots/prices.ts';
import { planTokenPrices } from '../snapshots/token-prices.ts';
import { toTokenNumber } from '../snapshots/valuation/decimal.ts';
import { withPoolPrices } from './pool-prices.ts';

/** An event of a position decoded from its log: raw amounts, before valuation. */
export type V3EventDraft = {
  kind: V3PositionEvent['kind'];
  blockNumber: bigint;
  txHash: Hex;
  logIndex: number;
  liquidity: bigint | null;
  amounts: { token: Address; raw: bigint }[];
  detail: Record<string, string> | null;
};

/** The same with its block's time and USD at its block (each amount's, and their sum). */
export type ValuedV3Event = Omit<V3EventDraft, 'amounts'> & {
  blockTime: Date;
  amounts: { token: Address; raw: bigint; usd: number | null }[];
  /** Null when a price was unknown (`usdError` says which) or the event moves no tokens. */
  usd: number | null;
  usdError: string | null;
};

export type V3HistoryValueDeps = {
  db: Kysely<Database>;
  chain: ChainClient;
  chainId: number;
  prices: PriceSources;
};

/** The position's pool and tokens: a side no source prices takes its price from the pool's own price. */
export type V3PoolRef = { address: Address; token0: TokenRef; token1: TokenRef };

/**
 * Token metadata for every address (lower-case keys): from the tokens table, the others read on chain in
 * one aggregate3 and stored there (a reward token first met in a FarmEnded).
 */
export async function ensureTokens(
  deps: V3HistoryValueDeps,
  addresses: Address[],
  now: Date,
): Promise<Map<string, TokenRef>> {
  const unique = [...new Set(addresses.map((a) => getAddress(a)))];
  const stored = await findTokensByAddress(deps.db, deps.chainId, unique);
  const refs = new Map<string, TokenRef>();
  for (const [key, row] of stored)
    refs.set(key, { address: row.address, symbol: row.symbol, decimals: row.decimals });
  const unknown = unique.filter((a) => !refs.has(a.toLowerCase()));
  if (unknown.length === 0) return refs;
  const plan = new ReadPlan();
  const read: TokenInfo[] = [];
  for (const address of unknown) planTokenReads(plan, address, (token) => read.push(token));
  await plan.run(deps.chain, 'latest', deps.chain.maxCalldataBytes);
  for (const token of read) {
    await upsertToken(deps.db, deps.chainId, token, now);
    refs.set(token.address.toLowerCase(), {
      address: token.address,
      symbol: token.symbol,
      decimals: token.decimals,
    });
  }
  return refs;
}

/**
 * Values a V3 position's events at their own blocks by Polygon's one price rule (decision 021; past blocks take the
 * on-chain rule: a CoinMarketCap quote is today's price, not that block's, decision 013), and as for the snapshots a
 * side of the pool no route prices takes its price from the pool's own price at that block.
 */
export function valueV3EventsAtTheirBlocks(
  deps: V3HistoryValueDeps,
  pool: V3PoolRef,
  drafts: V3EventDraft[],
  tokens: Map<string, TokenRef>,
): Promise<ValuedV3Event[]> {
  const planPrices: PlanChainPrices = (plan, involved) => {
    let sqrtPrice: bigint | null = null;
    plan.addOptional<readonly [bigint, ...unknown[]]>(
      {
        label: `pool ${pool.address}: globalState()`,
        address: pool.address,
        abi: v3Abis.pool,
        functionName: 'globalState',
      },
      (state) => {
        sqrtPrice = state ? state[0] : null;
      },
    );
    const pricesOf = planTokenPrices(deps, plan, involved, { isPast: true });
    return async () => {
      const sourced = await pricesOf();
      return sqrtPrice === null
        ? sourced
        : withPoolPrices(sourced, [{ token0: pool.token0, token1: pool.token1, sqrtPriceX96: sqrtPrice }]);
    };
  };
  return valueEventsAtTheirBlocks({ chain: deps.chain, planPrices }, drafts, tokens);
}

/**
 * Values a concentrated-liquidity position's events at their own blocks by its chain's price rule (V3 on Polygon,
 * V4 on Base: one valuation for both): one pinned aggregate3 per distinct block, its time and the prices of the
 * tokens involved. An amount whose price is unknown leaves the event's `usd` null with the reason, never 0.
 */
export async function valueEventsAtTheirBlocks(
  deps: { chain: ChainClient; planPrices: PlanChainPrices },
  drafts: V3EventDraft[],
  tokens: Map<string, TokenRef>,
): Promise<ValuedV3Event[]> {
  const valued: ValuedV3Event[] = [];
  for (const block of [...new Set(drafts.map((d) => d.blockNumber))]) {
    const atBlock = drafts.filter((d) => d.blockNumber === block);
    const involved = [...new Set(atBlock.flatMap((d) => d.amounts.map((a) => getAddress(a.token))))];
    const plan = new ReadPlan();
    const stamp = plan.addBlock(deps.chain.multicall3Address);
    const pricesOf = deps.planPrices(plan, involved);
    await plan.run(deps.chain, block, deps.chain.maxCalldataBytes);
    const prices = await pricesOf();
    const priceOf = (address: string) => prices.get(address.toLowerCase())?.usd ?? null;
    const blockTime = new Date(Number(stamp.timestamp) * 1000);
    for (const draft of atBlock) {
      let usd: number | null = draft.amounts.length === 0 ? null : 0;
      let usdError: string | null = null;
      const amounts = draft.amounts.map((amount) => {
        const token = tokens.get(amount.token.toLowerCase());
        const price = priceOf(amount.token);
        if (!token || price === null) {
          usdError ??= `no price for ${token?.symbol ?? amount.token} at block ${block}`;
          return { token: getAddress(amount.token), raw: amount.raw, usd: null };
        }
        const value = toTokenNumber(amount.raw, token.decimals) * price;
        return { token: getAddress(amount.token), raw: amount.raw, usd: value };
      });
      if (usdError) usd = null;
      else if (usd !== null) usd = amounts.reduce((sum, a) => sum + (a.usd ?? 0), 0);
      valued.push({ ...draft, blockTime, amounts, usd, usdError });
    }
  }
  return valued;
}
