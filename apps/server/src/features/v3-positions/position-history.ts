import type { TokenRef, V3PositionEvent, V3PositionHistory } from '@tidewatch/shared';
import { formatUnits, getAddress } from 'viem';
import { loadV3Books } from '../../core/books/v3-books.ts';
import type { V3PositionEventRow, V3RawAmount } from '../../core/db/tables/v3-positions.ts';
import { findTokensByAddress } from '../../core/farms/repository.ts';
import { profitBesideReturns } from '../../core/portfolio/profit.ts';
import { loadV3Events } from '../../core/v3/history-repository.ts';
import { computeV3Returns, type ReturnsEvent } from '../../core/v3/returns.ts';
import { loadV3Snapshots } from '../../core/v3/snapshot-repository.ts';
import { requireTracked } from './refresh-tracked-position.ts';
import { toV3SnapshotWire } from './schedule/snapshot-rows.ts';
import type { V3TrackingContext } from './tracking-context.ts';

const amountsOf = (row: V3PositionEventRow) => JSON.parse(row.amounts) as V3RawAmount[];

/** A stored event as the API sends it: amounts in whole tokens with their token and USD at the event's block. */
function toEventWire(row: V3PositionEventRow, tokens: Map<string, TokenRef>): V3PositionEvent {
  return {
    kind: row.kind,
    block_number: Number(row.block_number),
    block_time: row.block_time,
    tx_hash: row.tx_hash,
    liquidity: row.kind === 'increase_liquidity' || row.kind === 'decrease_liquidity' ? row.liquidity : null,
    amounts: amountsOf(row).map((amount) => {
      const token = tokens.get(amount.token.toLowerCase()) ?? {
        address: getAddress(amount.token),
        symbol: '?',
        decimals: 0,
      };
      return { token, amount: formatUnits(BigInt(amount.raw), token.decimals), usd: amount.usd };
    }),
    usd: row.usd,
  };
}

/**
 * GET /api/quickswap/v3/positions/:token_id/history?wallet_address=: a tracked position's snapshots (oldest
 * first), its events rebuilt from the chain by the history job (each valued at its block), and its returns
 * against holding, fees earned and rewards apart, and its books (issue 35), both as of one snapshot
 * (`as_of_block`) and the events up to it. Private to a user tracking it with that wallet (NOT_FOUND otherwise).
 */
export async function getV3PositionHistory(
  ctx: V3TrackingContext,
  userId: number,
  tokenId: string,
  wallet: string,
): Promise<V3PositionHistory> {
  const tracked = await requireTracked(ctx, userId, tokenId, wallet);
  const [snapshots, events] = await Promise.all([
    loadV3Snapshots(ctx.db, tracked.positionId),
    loadV3Events(ctx.db, tracked.positionId),
  ]);
  const stored = await findTokensByAddress(ctx.db, ctx.chainId, [
    ...new Set(events.flatMap((e) => amountsOf(e).map((a) => a.token))),
  ]);
  const tokens = new Map<string, TokenRef>(
    [...stored].map(([key, row]) => [
      key,
      { address: row.address, symbol: row.symbol, decimals: row.decimals },
    ]),
  );
  const books = await loadV3Books(ctx, tracked, snapshots);
  // One moment for the whole page (issue 42): the returns are as of the books' snapshot (the newest at or
  // below the block the events were read to), counting the events up to it, not of a newer snapshot whose
  // events are not read yet; before the books have one, the newest.
  const asOf = books ? snapshots.find((s) => Number(s.block_number) === books.as_of_block) : snapshots.at(-1);
  const asOfBlock = asOf ? Number(asOf.block_number) : null;
  const returnsEvents: ReturnsEvent[] = events
    .filter((e) => asOfBlock === null || Number(e.block_number) <= asOfBlock)
    .map((e) => ({
      kind: e.kind,
      amounts: amountsOf(e).map((a) => ({ token: a.token, raw: BigInt(a.raw), usd: a.usd })),
      usd: e.usd,
    }));
  const own = asOf
    ? computeV3Returns(returnsEvents, {
        valueUsd: asOf.value_usd,
        feesUsd: asOf.fees_usd,
        pendingRewardsUsd: asOf.pending_rewards_usd,
        price0Usd: asOf.price0_usd,
        price1Usd: asOf.price1_usd,
        token0: tracked.token0,
        token1: tracked.token1,
      })
    : null;
  // The returns carry the one profit beside their own figures, and why they differ (issue 42, finding 3).
  const returns = own && { ...own, ...profitBesideReturns(books?.profit, asOfBlock, 'uncollected fees') };
  return {
    token_id: tracked.tokenId,
    wallet_address: tracked.wallet,
    snapshots: snapshots.map(toV3SnapshotWire),
    events: events.map((e) => toEventWire(e, tokens)),
    returns,
    as_of_block: asOfBlock,
    books,
  };
}
