import type { Kysely } from 'kysely';
import type { ChainClient } from '../../../core/chain/client.ts';
import type { OldTokens } from '../../../core/chain/token-labels.ts';
import type { Database } from '../../../core/db/index.ts';
import { type PriceSources, planTokenPrices } from '../../../core/snapshots/index.ts';
import type { V3PositionReader } from '../schedule/snapshot-store.ts';
import type { V3Contracts } from './contracts.ts';
import { findPositionsByIds } from './find-positions.ts';
import type { V3IncentiveIndex } from './incentives.ts';
import { type PlanTokenPrices, readV3Positions } from './read-positions.ts';

export type V3PositionReaderDeps = {
  db: Kysely<Database>;
  chainId: number;
  chain: ChainClient;
  prices: PriceSources;
  contracts: V3Contracts;
  incentives: V3IncentiveIndex;
  oldTokens?: OldTokens;
};

/**
 * The app's price rule for a V3 read (decision 021): the tokens' stored price choices, CoinMarketCap where a
 * user chose it at the latest block, on-chain only at a past block (an API quote is today's price).
 */
export function v3PlanPrices(
  deps: Pick<V3PositionReaderDeps, 'db' | 'chainId' | 'prices'>,
  options: { isPast: boolean; isLive?: boolean },
): PlanTokenPrices {
  return (plan, tokens) => planTokenPrices(deps, plan, tokens, options);
}

/**
 * Positions by id, valued at one block (the latest, or `block`): findPositionsByIds then readV3Positions,
 * bound to the chain, the prices and the configured contracts. What the API's public position read, tracking,
 * refreshes and the scheduled snapshots all call. Ids with no position (never minted, burnt) are left out.
 * @example const read = await createV3PositionReader(deps)(['1234']);
 */
export function createV3PositionReader(deps: V3PositionReaderDeps): V3PositionReader {
  return async (tokenIds, options = {}) => {
    const { block, positions } = await findPositionsByIds(
      deps.chain,
      deps.contracts,
      tokenIds.map((id) => BigInt(id)),
      options.block ?? 'latest',
    );
    const valued = await readV3Positions(
      {
        chain: deps.chain,
        contracts: deps.contracts,
        incentives: deps.incentives,
        planPrices: v3PlanPrices(deps, {
          isPast: options.block !== undefined,
          isLive: options.isLive === true,
        }),
        ...(deps.oldTokens ? { oldTokens: deps.oldTokens } : {}),
      },
      positions,
      block,
      { isLive: options.isLive === true },
    );
    return {
      blockNumber: Number(block.number),
      blockTime: new Date(Number(block.timestamp) * 1000),
      positions: valued,
    };
  };
}
