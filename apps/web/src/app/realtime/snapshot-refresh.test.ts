import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioQueryOptions } from '../../features/farms/api/get-portfolio.ts';
import { trackedFarmsQueryOptions } from '../../features/farms/api/get-tracked-farms.ts';
import { trackedSummaryQueryOptions } from '../../features/farms/api/get-tracked-summary.ts';
import { callsTo, installFakeFetch } from '../../test/fake-fetch.ts';
import { createSnapshotRefresh } from './snapshot-refresh.ts';

const portfolio = {
  positions: 0,
  value_usd: 0,
  change_24h_usd: 0,
  pnl_usd: 0,
  unknown: { value: 0, change_24h: 0, pnl: 0 },
};

const wallet = '0x1234567890123456789012345678901234567890';

/** The lists an open dashboard and tool page keep on screen, and the path each is fetched from. */
const lists = [
  {
    options: trackedFarmsQueryOptions('lp', wallet),
    path: `/quickswap/get-tracked-pools/${wallet}`,
  },
  { options: trackedSummaryQueryOptions(), path: '/quickswap/tracked-summary' },
  { options: portfolioQueryOptions(), path: '/quickswap/portfolio' },
] as const;

describe('a round of automatic snapshots refreshes each open list once', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The lists open and loaded, with the requests from then on. */
  async function openLists() {
    const calls = installFakeFetch(({ path }) => {
      if (path === '/quickswap/portfolio') return { body: portfolio };
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [], dual_mining: [] } };
      if (path.startsWith('/quickswap/get-tracked-pools/')) return { body: [] };
      return undefined;
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // One observer per list, as a mounted screen holds (each typed by its own options).
    const stopObserving = [
      new QueryObserver(queryClient, lists[0].options).subscribe(() => undefined),
      new QueryObserver(queryClient, lists[1].options).subscribe(() => undefined),
      new QueryObserver(queryClient, lists[2].options).subscribe(() => undefined),
    ];
    await vi.advanceTimersByTimeAsync(100);
    for (const { path } of lists) expect(callsTo(calls, 'GET', path), path).toHaveLength(1);
    calls.length = 0;
    const close = () => {
      for (const stop of stopObserving) stop();
      queryClient.clear();
    };
    return { calls, queryClient, close };
  }

  it("eleven 'snapshot created' events a few milliseconds apart: one request per list", async () => {
    const { calls, queryClient, close } = await openLists();

    // The server tells of a round one pair at a time, a database look-up between two events.
    const refresh = createSnapshotRefresh(queryClient);
    for (let pair = 0; pair < 11; pair++) {
      refresh.onSnapshotCreated();
      await vi.advanceTimersByTimeAsync(3);
    }
    await vi.advanceTimersByTimeAsync(5_000);

    for (const { path } of lists) expect(callsTo(calls, 'GET', path), path).toHaveLength(1);
    refresh.dispose();
    close();
  });

  it('events that never pause still refresh the lists while they come', async () => {
    const { calls, queryClient, close } = await openLists();
    const refresh = createSnapshotRefresh(queryClient);
    // Ten seconds of events 100 ms apart: never quiet long enough to settle.
    for (let event = 0; event < 100; event++) {
      refresh.onSnapshotCreated();
      await vi.advanceTimersByTimeAsync(100);
    }
    const requests = callsTo(calls, 'GET', '/quickswap/portfolio').length;
    expect(requests).toBeGreaterThanOrEqual(4);
    expect(requests).toBeLessThanOrEqual(6);
    refresh.dispose();
    close();
  });
});
