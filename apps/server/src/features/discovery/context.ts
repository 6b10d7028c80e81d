import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { ChainClient } from '../../core/chain/client.ts';
import type { OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';
import { type IndexState, readIndexState } from '../../core/farm-index/indexed-farm.ts';
import type { SnapshotPipeline } from '../../core/snapshots/index.ts';

export type DiscoveryDeps = {
  db: Kysely<Database>;
  chainId: number;
  chain?: ChainClient | undefined;
  pipeline?: SnapshotPipeline | undefined;
  /** Old QUICK and old dQUICK, shown apart from the new ones. */
  oldTokens: OldTokens;
  now?: () => Date;
};

/** What every use case of discovery is given: its deps, with the clock resolved. */
export type DiscoveryContext = Omit<DiscoveryDeps, 'now'> & { now: () => Date };

/** The chain client; CHAIN_UNAVAILABLE without one. */
export function requireChain(ctx: DiscoveryContext): ChainClient {
  if (!ctx.chain) throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain RPC is configured on this server');
  return ctx.chain;
}

export { requireSavedWallet } from '../../core/farms/saved-wallet.ts';

/** When the index last finished a refresh, and whether that is too long ago to trust an empty answer. */
export function indexAge(ctx: DiscoveryContext): Promise<IndexState> {
  return readIndexState(ctx.db, ctx.chainId, ctx.now());
}
