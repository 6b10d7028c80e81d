import { parseUnits } from 'viem';
import type { DbOrTrx } from '../db/index.ts';
import { computeFarmValuation, lpTokenDecimals } from '../snapshots/valuation/index.ts';
import {
  findApiPricedTokenSnapshots,
  findFarmSnapshotAtBlock,
  findFarmsOfTokenRows,
  findLastOnchainRoute,
  findPoolSnapshotAtBlock,
  findPositionSnapshotsAtBlock,
  findTokenPricesAtBlock,
  updateFarmSnapshotValues,
  updatePoolSnapshotValues,
  updatePositionSnapshotValues,
  updateTokenSnapshotPrice,
} from './revalue-repository.ts';

type TokenRef = { id: number; decimals: number };
type FarmOfToken = {
  farmId: number;
  poolId: number;
  tokens: [TokenRef, TokenRef];
  rewards: TokenRef[];
};

/** Farms whose pair or rewards hold `tokenId`, with their tokens' ids and decimals. */
async function findFarmsOfToken(trx: DbOrTrx, tokenId: number): Promise<FarmOfToken[]> {
  const rows = await findFarmsOfTokenRows(trx, tokenId);
  return rows.map((r) => ({
    farmId: r.farm_id,
    poolId: r.pool_id,
    tokens: [
      { id: r.t0_id, decimals: r.t0_decimals },
      { id: r.t1_id, decimals: r.t1_decimals },
    ],
    rewards: [
      { id: r.ra_id, decimals: r.ra_decimals },
      ...(r.rb_id !== null ? [{ id: r.rb_id, decimals: r.rb_decimals ?? 18 }] : []),
    ],
  }));
}

/** Each token's stored price and source at `block` (the newest row of that block). */
async function pricesAtBlock(trx: DbOrTrx, tokenIds: number[], block: number) {
  const rows = await findTokenPricesAtBlock(trx, tokenIds, block);
  const byToken = new Map<number, { usd: number | null; source: string | null; address: string }>();
  for (const row of rows)
    byToken.set(row.token_id, { usd: row.price_usd, source: row.price_source, address: row.address });
  return byToken;
}

const amount = (text: string | null | undefined, decimals: number) => parseUnits(text ?? '0', decimals);

/** Recomputes one farm's pool, farm and position snapshots of `block` from stored amounts and prices. */
async function revalueFarmAtBlock(trx: DbOrTrx, farm: FarmOfToken, block: number): Promise<number> {
  const pool = await findPoolSnapshotAtBlock(trx, farm.poolId, block);
  const farmRow = await findFarmSnapshotAtBlock(trx, farm.farmId, block);
  if (!pool || !farmRow) return 0;
  const positions = await findPositionSnapshotsAtBlock(trx, farm.farmId, block);
  const all = [...farm.tokens, ...farm.rewards];
  const prices = await pricesAtBlock(
    trx,
    all.map((t) => t.id),
    block,
  );
  // A pool-derived side is derived again from the other side's new price.
  const sidePrice = (t: TokenRef) => {
    const price = prices.get(t.id);
    return price && price.source !== 'pool' && price.source !== 'derived' ? price.usd : null;
  };
  const [t0, t1] = farm.tokens;
  const valuation = computeFarmValuation({
    pool: {
      reserve0: amount(pool.reserve0, t0.decimals),
      reserve1: amount(pool.reserve1, t1.decimals),
      decimals0: t0.decimals,
      decimals1: t1.decimals,
      price0: sidePrice(t0),
      price1: sidePrice(t1),
      totalSupply: amount(pool.total_supply, lpTokenDecimals),
    },
    farm: {
      totalSupply: amount(farmRow.total_supply, lpTokenDecimals),
      periodFinish: BigInt(Math.floor(Date.parse(farmRow.period_finish) / 1000)),
      isPaused: farmRow.is_paused === 1,
      rewards: farm.rewards.map((r, k) => ({
        rewardRate: amount(k === 0 ? farmRow.reward_rate_a : farmRow.reward_rate_b, r.decimals),
        decimals: r.decimals,
        price: prices.get(r.id)?.usd ?? null,
      })),
    },
    now: BigInt(Math.floor(Date.parse(farmRow.created_on) / 1000)),
    positions: positions.map((p) => ({
      account: p.account_address,
      staked: amount(p.staked, lpTokenDecimals),
      earned: farm.rewards.map((r, k) => amount(k === 0 ? p.earned_a : p.earned_b, r.decimals)),
    })),
  });
  await updatePoolSnapshotValues(trx, pool.id, {
    price0_usd: valuation.pool.price0,
    price1_usd: valuation.pool.price1,
    total_liquidity_usd: valuation.pool.tvlUsd,
  });
  await updateFarmSnapshotValues(trx, farmRow.id, {
    total_liquidity_usd: valuation.farm.tvlUsd,
    apr: valuation.farm.apr,
    reward_a_price_usd: prices.get(farm.rewards[0]!.id)?.usd ?? null,
    reward_b_price_usd: farm.rewards[1] ? (prices.get(farm.rewards[1].id)?.usd ?? null) : null,
  });
  const sources = Object.fromEntries(
    all.map((t) => [prices.get(t.id)?.address ?? '', prices.get(t.id)?.source ?? null]),
  );
  for (const [i, p] of positions.entries()) {
    const value = valuation.positions[i]!;
    await updatePositionSnapshotValues(trx, p.id, {
      total_liquidity_usd: value.stakedUsd,
      earned_a_in_usd: value.earned[0]?.usd ?? null,
      earned_b_in_usd: farm.rewards[1] ? (value.earned[1]?.usd ?? null) : null,
      price_sources: p.price_sources === null ? null : JSON.stringify(sources),
    });
  }
  return 2 + positions.length;
}

/**
 * Revalues stored history after a token goes back to its on-chain price (decision 021): every token
 * snapshot priced by the API takes the on-chain price stored beside it, and every pool, farm and position
 * snapshot of those blocks, of every farm holding the token, is recomputed from its stored amounts. Runs in
 * the caller's transaction. Answers how many snapshot rows changed.
 */
export async function revalueTokenToOnchain(trx: DbOrTrx, tokenId: number): Promise<number> {
  // The token's on-chain route: the newest one it had (routes do not change with a price choice).
  const lastRoute = await findLastOnchainRoute(trx, tokenId);
  const apiRows = await findApiPricedTokenSnapshots(trx, tokenId);
  if (apiRows.length === 0) return 0;
  for (const row of apiRows) {
    await updateTokenSnapshotPrice(trx, row.id, {
      price_usd: row.onchain_price_usd,
      price_source: row.onchain_price_usd === null ? null : (lastRoute?.price_source ?? 'pair'),
    });
  }
  const blocks = [
    ...new Set(apiRows.flatMap((r) => (r.block_number === null ? [] : [Number(r.block_number)]))),
  ];
  let changed = apiRows.length;
  for (const farm of await findFarmsOfToken(trx, tokenId)) {
    for (const block of blocks) changed += await revalueFarmAtBlock(trx, farm, block);
  }
  return changed;
}
