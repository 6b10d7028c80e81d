import type { PositionBooks } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { findPositionSnapshotAtOrBelow } from '../../books/books-repository.ts';
import { booksPricesSentence, loadPositionBooks } from '../../books/load-position-books.ts';
import type { DbOrTrx } from '../../db/index.ts';
import type { PositionSnapshotRow } from '../../db/tables/farms.ts';
import type { FarmView } from '../../farms/farm-view-repository.ts';
import { parsePriceSources } from '../../history/price-source-marks.ts';
import { v2FarmStakeLedger } from './ledger.ts';

/** Pending rewards of a snapshot in USD: unknown when a reward's price is (never 0). */
function pendingUsd(row: PositionSnapshotRow, view: FarmView): number | null {
  const parts = view.kind === 'lp' ? [row.earned_a_in_usd] : [row.earned_a_in_usd, row.earned_b_in_usd];
  return parts.some((usd) => usd === null) ? null : parts.reduce<number>((sum, usd) => sum + (usd ?? 0), 0);
}

/** 'WMATIC: pair, USDC: pair, dQUICK: lair' from a snapshot's stored price sources, by the farm's symbols. */
function sourcesText(row: PositionSnapshotRow, view: FarmView): string | null {
  const sources = parsePriceSources(row.price_sources);
  if (!sources) return null;
  const { item } = view;
  const tokens = [item.pool.token0, item.pool.token1];
  if (item.farm.kind === 'lp') tokens.push(item.farm.reward_token);
  else tokens.push(item.farm.reward_token_a, item.farm.reward_token_b);
  const symbols = new Map(tokens.map((t) => [t.address.toLowerCase(), t.symbol]));
  return Object.entries(sources)
    .map(([address, source]) => `${symbols.get(address.toLowerCase()) ?? address}: ${source ?? 'unknown'}`)
    .join(', ');
}

/**
 * The books of a tracked pair (issue 35): value now = the staked LP's worth at the newest snapshot at or
 * below the block its events were read to (a stake the history has not read yet is in neither), pending
 * rewards apart, events and gas from the ledger. Null before such a snapshot. The farm detail and the
 * portfolio's V2 stakes (./portfolio.ts) read a stake's books and its one profit here.
 */
export async function loadFarmBooks(
  ctx: { db: DbOrTrx; chainId: number },
  view: FarmView,
  account: { userId: number; wallet: string },
  newest: PositionSnapshotRow | undefined,
): Promise<PositionBooks | null> {
  if (!newest) return null;
  return loadPositionBooks(
    ctx.db,
    { chainId: ctx.chainId, userId: account.userId, wallet: account.wallet, only: { farmId: view.id } },
    v2FarmStakeLedger,
    async (finalBlock) => {
      const snapshot =
        Number(newest.block_number) <= finalBlock
          ? newest
          : await findPositionSnapshotAtOrBelow(ctx.db, view.id, getAddress(account.wallet), finalBlock);
      if (!snapshot) return null;
      const asOfBlock = Number(snapshot.block_number);
      return {
        asOfBlock,
        valueUsd: snapshot.total_liquidity_usd,
        pendingRewardsUsd: pendingUsd(snapshot, view),
        prices: booksPricesSentence(asOfBlock, sourcesText(snapshot, view), finalBlock),
      };
    },
  );
}
