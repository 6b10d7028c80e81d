import { QueryClient, QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsQueryOptions } from '../../features/alerts/api.ts';
import { portfolioQueryOptions } from '../../features/farms/api/get-portfolio.ts';
import { trackedSummaryQueryOptions } from '../../features/farms/api/get-tracked-summary.ts';
import { positionQueryOptions } from '../../features/v3-positions/api/get-position.ts';
import { positionHistoryQueryOptions } from '../../features/v3-positions/api/get-position-history.ts';
import { trackedPositionsQueryOptions } from '../../features/v3-positions/api/get-tracked-positions.ts';
import { walletPositionsQueryOptions } from '../../features/v3-positions/api/get-wallet-positions.ts';
import {
  history,
  position,
  tokenId,
  trackedPosition,
  walletAddress,
  walletPositions,
} from '../../features/v3-positions/testing/fixtures.ts';
import { callsTo, type FakeRequest, installFakeFetch } from '../../test/fake-fetch.ts';
import { createSnapshotRefresh } from './snapshot-refresh.ts';

// 'v3 snapshot created' (the scheduled V3 round stored snapshots of positions the user tracks): an open page
// asks again for what the snapshots change, the tracked positions, their histories, the named positions' pages,
// the tracked summary (the dashboard's V3 section) and the bell, once per round, and leaves the rest alone.
const otherTokenId = '999';
const paths = {
  tracked: '/quickswap/v3/tracked-positions',
  summary: '/quickswap/tracked-summary',
  notifications: '/notifications',
  position: `/quickswap/v3/positions/${tokenId}`,
  otherPosition: `/quickswap/v3/positions/${otherTokenId}`,
  history: `/quickswap/v3/positions/${tokenId}/history?wallet_address=${walletAddress}`,
  walletPositions: `/quickswap/v3/positions?wallet_address=${walletAddress}`,
  portfolio: '/quickswap/portfolio',
};
const portfolio = {
  positions: 0,
  value_usd: 0,
  change_24h_usd: 0,
  pnl_usd: 0,
  unknown: { value: 0, change_24h: 0, pnl: 0 },
};

function reply({ path }: FakeRequest) {
  const answers: Record<string, unknown> = {
    [paths.tracked]: { positions: [trackedPosition()] },
    [paths.summary]: { lp_mining: [], dual_mining: [] },
    [paths.notifications]: { unread: 0, items: [] },
    [paths.position]: position(),
    [paths.otherPosition]: position({ token_id: otherTokenId }),
    [paths.history]: history(),
    [paths.walletPositions]: walletPositions([position()]),
    [paths.portfolio]: portfolio,
  };
  return path in answers ? { body: answers[path] } : undefined;
}

describe("'v3 snapshot created' refreshes the tracked V3 positions, the summary and the bell", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Every query an open tool page, a position's page, the dashboard and the header hold, loaded. */
  async function openPages() {
    const calls = installFakeFetch(reply);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = [
      trackedPositionsQueryOptions(),
      trackedSummaryQueryOptions(),
      notificationsQueryOptions(),
      positionQueryOptions(tokenId),
      positionQueryOptions(otherTokenId),
      positionHistoryQueryOptions(tokenId, walletAddress),
      walletPositionsQueryOptions(walletAddress),
      portfolioQueryOptions(),
    ] as QueryObserverOptions[];
    const stopObserving = options.map((o) => new QueryObserver(queryClient, o).subscribe(() => undefined));
    await vi.advanceTimersByTimeAsync(100);
    for (const path of Object.values(paths)) expect(callsTo(calls, 'GET', path), path).toHaveLength(1);
    calls.length = 0;
    const close = () => {
      for (const stop of stopObserving) stop();
      queryClient.clear();
    };
    return { calls, queryClient, close };
  }

  it('refetches each once per round, the portfolio totals too (they add V3 up); the wallets’ lists and other positions stay', async () => {
    const { calls, queryClient, close } = await openPages();
    const refresh = createSnapshotRefresh(queryClient);
    // Two stored batches of a round, a few milliseconds apart.
    refresh.onV3SnapshotCreated([tokenId]);
    await vi.advanceTimersByTimeAsync(5);
    refresh.onV3SnapshotCreated(['4022']);
    await vi.advanceTimersByTimeAsync(5_000);

    for (const key of ['tracked', 'summary', 'notifications', 'position', 'history', 'portfolio'] as const)
      expect(callsTo(calls, 'GET', paths[key]), key).toHaveLength(1);
    for (const key of ['otherPosition', 'walletPositions'] as const)
      expect(callsTo(calls, 'GET', paths[key]), key).toHaveLength(0);
    refresh.dispose();
    close();
  });

  it('a V2 and a V3 event of the same round: the summary and the bell asked for once', async () => {
    const { calls, queryClient, close } = await openPages();
    const refresh = createSnapshotRefresh(queryClient);
    refresh.onSnapshotCreated();
    await vi.advanceTimersByTimeAsync(3);
    refresh.onV3SnapshotCreated([tokenId]);
    await vi.advanceTimersByTimeAsync(5_000);

    for (const key of ['tracked', 'summary', 'notifications', 'portfolio'] as const)
      expect(callsTo(calls, 'GET', paths[key]), key).toHaveLength(1);
    refresh.dispose();
    close();
  });
});
