import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { ReadPlan } from '../chain/read-plan.ts';
import type { Database } from '../db/index.ts';
import type { PriceSources } from './prices.ts';
import { planTokenPrices } from './token-prices.ts';

/** What reading POL's price needs: the token rows' price choices, the price sources, WMATIC's address. */
export type PolPriceDeps = { db: Kysely<Database>; chainId: number; prices: PriceSources; wmatic: Address };

/**
 * POL's USD price: WMATIC's, by the one price rule, read in one aggregate3 with the block it was read at. At
 * a past block on-chain only (a CoinMarketCap quote is today's price, not that block's), as the history
 * prices past blocks; at 'latest' the rule as everywhere else (CoinMarketCap where the user chose it). `usd`
 * null when no route prices it, never 0. Throws when the chain cannot be read. The recovery plan's gas line
 * and the books' gas (issue 35) both price POL here.
 * @example
 * const { usd, blockNumber } = await readPolUsd({ db, chainId, prices, wmatic }, chain, 'latest');
 */
export async function readPolUsd(
  deps: PolPriceDeps,
  chain: ChainClient,
  at: bigint | 'latest',
): Promise<{ usd: number | null; blockNumber: bigint }> {
  const plan = new ReadPlan();
  const block = at === 'latest' ? plan.addBlock(chain.multicall3Address) : { number: at };
  const pricesOf = planTokenPrices(deps, plan, [deps.wmatic], { isPast: at !== 'latest' });
  await plan.run(chain, at);
  const usd = (await pricesOf()).get(deps.wmatic.toLowerCase())?.usd ?? null;
  return { usd, blockNumber: block.number };
}
