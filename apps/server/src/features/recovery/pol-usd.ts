import type { ChainClient } from '../../core/chain/client.ts';
import { type PriceSources, readPolUsd as readPolUsdOnChain } from '../../core/snapshots/index.ts';
import type { RecoveryContext } from './context.ts';

/**
 * POL's USD price (WMATIC's, by the app's price rule) and the block it was read at: core's readPolUsd with the
 * recovery context's database, chain id and WMATIC. `usd` null when no route prices it, never 0. Throws when
 * the chain cannot be read.
 * @example
 * const { usd, blockNumber } = await readPolUsd(ctx, chain, prices, 'latest');
 */
export function readPolUsd(
  ctx: Pick<RecoveryContext, 'db' | 'chainId' | 'wmatic'>,
  chain: ChainClient,
  prices: PriceSources,
  at: bigint | 'latest',
): Promise<{ usd: number | null; blockNumber: bigint }> {
  return readPolUsdOnChain({ db: ctx.db, chainId: ctx.chainId, prices, wmatic: ctx.wmatic }, chain, at);
}

/**
 * POL's USD price at a past block (a mined transaction's, for its gas): null when no route prices it, or
 * the node no longer has that block's state (logged), so a missing price never fails the record.
 */
export async function readPolUsdAt(
  ctx: RecoveryContext,
  chain: ChainClient,
  prices: PriceSources,
  blockNumber: bigint,
): Promise<number | null> {
  try {
    return (await readPolUsd(ctx, chain, prices, blockNumber)).usd;
  } catch (error) {
    ctx.logWarn?.({ err: error }, `recovery: POL's price at block ${blockNumber} could not be read`);
    return null;
  }
}
