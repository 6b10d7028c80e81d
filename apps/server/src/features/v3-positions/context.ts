import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { ChainClient } from '../../core/chain/client.ts';
import type { OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';
import type { MerklDeps } from '../../core/merkl/merkl-rewards.ts';
import type { PriceSources } from '../../core/snapshots/index.ts';
import type { V3Contracts } from './reads/contracts.ts';
import type { V3IncentiveIndex } from './reads/incentives.ts';
import type { V3PositionReader } from './schedule/snapshot-store.ts';

/** What reading V3 positions for the API is wired with; the chain parts are absent without an RPC. */
export type V3PositionsDeps = {
  db: Kysely<Database>;
  chainId: number;
  contracts: V3Contracts;
  oldTokens: OldTokens;
  chain?: ChainClient | undefined;
  prices?: PriceSources | undefined;
  incentives?: V3IncentiveIndex | undefined;
  /** Positions by id, valued (the public read; tracking uses the same reader). */
  readPositions?: V3PositionReader | undefined;
  /** The wrapped native token (WPOL): what 'receive POL' unwraps (issue 46). */
  wnative: Address;
  /** Merkl's API client, its last-answer store and the distributor, without the chain parts. */
  merkl: Pick<MerklDeps, 'client' | 'store' | 'distributor'>;
  now?: () => Date;
};

/** What every use case is given: its deps, with the clock resolved. */
export type V3PositionsContext = Omit<V3PositionsDeps, 'now'> & { now: () => Date };

const noChain = () => new AppError('CHAIN_UNAVAILABLE', 'no blockchain RPC is configured on this server');

/** The chain, prices and incentive index; CHAIN_UNAVAILABLE without them. */
export function requireChain(ctx: V3PositionsContext): {
  chain: ChainClient;
  prices: PriceSources;
  incentives: V3IncentiveIndex;
} {
  if (!ctx.chain || !ctx.prices || !ctx.incentives) throw noChain();
  return { chain: ctx.chain, prices: ctx.prices, incentives: ctx.incentives };
}

/** The position reader; CHAIN_UNAVAILABLE without a chain. */
export function requireReader(ctx: V3PositionsContext): V3PositionReader {
  if (!ctx.readPositions) throw noChain();
  return ctx.readPositions;
}

export { requireSavedWallet } from '../../core/farms/saved-wallet.ts';
