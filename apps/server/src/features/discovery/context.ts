import { AppError, type FindMyFarmsResponse, type IndexedFarm } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { type Address, getAddress } from 'viem';
import type { ChainClient } from '../../core/chain/client.ts';
import { labelSymbol, type OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';
import { isVerifiedWallet } from '../../core/farms/repository.ts';
import type { SnapshotPipeline } from '../../core/snapshots/index.ts';
import type { IndexRow } from './find-my-farms.ts';
import { countIndexed, findLastRefresh } from './repository.ts';

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

/** An index older than this is said to be stale (it refreshes daily). */
const staleAfterMs = 2 * 86_400_000;

/** An index row as the API shows it, with its tokens' labels and whether it is imported. */
export function toIndexedFarm(row: IndexRow, imported: Set<string>, old: OldTokens): IndexedFarm {
  const token = (address: string, symbol: string, decimals: number) => ({
    address,
    symbol: labelSymbol(old, address, symbol),
    decimals,
  });
  return {
    address: row.address,
    kind: row.kind,
    pair_address: row.pair_address,
    token0: token(row.token0_address, row.token0_symbol, row.token0_decimals),
    token1: token(row.token1_address, row.token1_symbol, row.token1_decimals),
    reward_token_a: token(row.reward_a_address, row.reward_a_symbol, row.reward_a_decimals),
    reward_token_b:
      row.reward_b_address && row.reward_b_symbol && row.reward_b_decimals !== null
        ? token(row.reward_b_address, row.reward_b_symbol, row.reward_b_decimals)
        : null,
    reward_rate_a: row.reward_rate_a,
    reward_rate_b: row.reward_rate_b,
    period_finish: row.period_finish,
    is_ended: row.is_ended === 1,
    is_paused: row.is_paused === 1,
    total_staked: row.total_staked,
    tvl_usd: row.tvl_usd,
    apr: row.apr,
    is_imported: imported.has(row.address.toLowerCase()),
  };
}

/** The chain client; CHAIN_UNAVAILABLE without one. */
export function requireChain(ctx: DiscoveryContext): ChainClient {
  if (!ctx.chain) throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain RPC is configured on this server');
  return ctx.chain;
}

/** One of the user's saved (or watch-only) wallets; NOT_FOUND otherwise. */
export async function requireSavedWallet(
  ctx: DiscoveryContext,
  userId: number,
  wallet: string,
): Promise<Address> {
  const address = getAddress(wallet);
  if (!(await isVerifiedWallet(ctx.db, userId, address, ctx.chainId))) {
    throw new AppError('NOT_FOUND', `${address} is not one of your saved wallets: save or watch it first`);
  }
  return address;
}

/** When the index last finished a refresh, and whether that is too long ago to trust an empty answer. */
export async function indexAge(ctx: DiscoveryContext): Promise<FindMyFarmsResponse['index']> {
  const [refreshedAt, listed] = await Promise.all([
    findLastRefresh(ctx.db),
    countIndexed(ctx.db, ctx.chainId),
  ]);
  return {
    refreshed_at: refreshedAt,
    is_stale: refreshedAt === null || ctx.now().getTime() - Date.parse(refreshedAt) > staleAfterMs,
    is_empty: listed === 0,
  };
}
