import type { ChainClient } from '../../core/chain/client.ts';
import { ReadPlan } from '../../core/chain/read-plan.ts';
import { type PriceSources, planTokenPrices } from '../../core/snapshots/index.ts';
import type { RecoveryContext } from './context.ts';

/**
 * POL's USD price: WMATIC's, by the app's price rule, read in one aggregate3 with the block it was read at.
 * At a past block on-chain only (a CoinMarketCap quote is today's price, not that block's), as the history
 * prices past blocks; at 'latest' the rule as everywhere else (CoinMarketCap where the user chose it). `usd`
 * null when no route prices it, never 0. Throws when the chain cannot be read.
 * @example
 * const { usd, blockNumber } = await readPolUsd(ctx, chain, prices, 'latest');
 */
export async function readPolUsd(
  ctx: Pick<RecoveryContext, 'db' | 'chainId' | 'wmatic'>,
  chain: ChainClient,
  prices: PriceSources,
  at: bigint | 'latest',
): Promise<{ usd: number | null; blockNumber: bigint }> {
  const plan = new ReadPlan();
  const block = at === 'latest' ? plan.addBlock(chain.multicall3Address) : { number: at };
  const pricesOf = planTokenPrices({ db: ctx.db, chainId: ctx.chainId, prices }, plan, [ctx.wmatic], {
    isPast: at !== 'latest',
  });
  await plan.run(chain, at);
  const usd = (await pricesOf()).get(ctx.wmatic.toLowerCase())?.usd ?? null;
  return { usd, blockNumber: block.number };
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
