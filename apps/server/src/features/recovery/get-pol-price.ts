import type { PolPrice } from '@tidewatch/shared';
import { type RecoveryContext, requireChain } from './context.ts';
import { readPolUsd } from './pol-usd.ts';

/**
 * How long one read of POL's price answers every caller of this process. The position actions of every farm
 * card on a screen ask it for their gas line; a gas estimate's USD does not need a price fresher than a few
 * blocks, and this bounds the route's chain reads to one per 30 s per process whoever asks, so it needs no
 * per-user throttle.
 */
const polPriceTtlMs = 30_000;

/**
 * POL's USD price at the latest block (WMATIC's, by the app's price rule) and that block, for the gas line
 * of the position actions; null when no route prices it. One read answers for `polPriceTtlMs` (by the
 * context's clock); callers meanwhile share the read in flight. A failed read is not kept.
 */
export function createPolPriceReader(ctx: RecoveryContext): () => Promise<PolPrice> {
  let cached: { readAt: number; answer: Promise<PolPrice> } | undefined;
  return () => {
    const now = ctx.now().getTime();
    if (cached && now - cached.readAt < polPriceTtlMs) return cached.answer;
    const entry = { readAt: now, answer: readLatestPolPrice(ctx) };
    cached = entry;
    entry.answer.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.answer;
  };
}

async function readLatestPolPrice(ctx: RecoveryContext): Promise<PolPrice> {
  const { chain, prices } = requireChain(ctx);
  const { usd, blockNumber } = await readPolUsd(ctx, chain, prices, 'latest');
  return { usd, block_number: Number(blockNumber) };
}
