import type { FarmIndexPage, FarmIndexQuery } from '@tidewatch/shared';
import { getAddress } from 'viem';
import {
  findImportedAddresses,
  findIndexRows,
  findLastRefresh,
} from '../../core/farm-index/index-repository.ts';
import { toIndexedFarm } from '../../core/farm-index/indexed-farm.ts';
import { findWalletFarms } from '../../core/farm-index/wallet-farms.ts';
import { type DiscoveryContext, requireChain } from './context.ts';
import { findIndexPage, findLastFailedRefresh, findWalletAddresses } from './repository.ts';

/** Index farms where one of the user's wallets (saved or watch-only) has stake or unclaimed rewards. */
async function farmsHeldBy(ctx: DiscoveryContext, userId: number): Promise<string[]> {
  const chain = requireChain(ctx);
  const wallets = await findWalletAddresses(ctx.db, userId, ctx.chainId);
  const rows = await findIndexRows(ctx.db, ctx.chainId);
  // The wallets' reads go out together: their aggregate3 calls share the JSON-RPC batches.
  const found = await Promise.all(
    wallets.map((w) => findWalletFarms(chain, rows, getAddress(w.address)).then((r) => r.found)),
  );
  return [...new Set(found.flat().map((f) => f.farm.address))];
}

/**
 * One page of the index: searched by token symbol (any part, any case) or address (a farm's, its pair's
 * or a token's, or the start of one), filtered by active/ended, kind and, for a signed-in user, where
 * their wallets have something; sorted by TVL or APR.
 */
export async function listIndex(
  ctx: DiscoveryContext,
  query: FarmIndexQuery,
  userId: number | null = null,
): Promise<FarmIndexPage> {
  const held = query.holdings === 'mine' && userId !== null ? await farmsHeldBy(ctx, userId) : undefined;
  const [page, refreshedAt, lastFailed] = await Promise.all([
    findIndexPage(ctx.db, ctx.chainId, query, held),
    findLastRefresh(ctx.db),
    findLastFailedRefresh(ctx.db),
  ]);
  const lastError =
    lastFailed?.error && (!refreshedAt || lastFailed.started_at > refreshedAt)
      ? { at: lastFailed.started_at, message: lastFailed.error }
      : null;
  const imported = await findImportedAddresses(
    ctx.db,
    ctx.chainId,
    page.rows.map((r) => r.address),
  );
  return {
    items: page.rows.map((row) => toIndexedFarm(row, imported, ctx.oldTokens)),
    total: page.total,
    page: query.page,
    per_page: query.per_page,
    refreshed_at: refreshedAt,
    last_error: lastError,
  };
}
