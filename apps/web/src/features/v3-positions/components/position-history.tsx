import { useQuery } from '@tanstack/react-query';
import type { ReturnsPoint, TokenRef } from '@tidewatch/shared';
import type { V3PositionHistory, V3Range } from '@tidewatch/shared/v3-positions';
import { InlineError, PanelBoundary, Spinner } from '../../../components/index.ts';
import { PositionBooksPanel } from '../../books/index.ts';
import { positionHistoryQueryOptions } from '../api/get-position-history.ts';
import type { DetailParts } from './detail-parts.ts';
import { DownloadHistoryCsv } from './download-history-csv.tsx';
import { RangeBadge } from './figures.tsx';
import { PositionEvents } from './position-events.tsx';
import { PriceRangeChart } from './price-range-chart.tsx';
import { ReturnsPanel } from './returns-panel.tsx';
import { SnapshotFigures } from './snapshot-figures.tsx';

/**
 * The snapshots as the chart's points: value and farming rewards over time. A snapshot has no 'value if
 * held' of its own (the returns panel has it for now), so that line stays unknown, never 0.
 */
const chartPointsOf = (history: V3PositionHistory): ReturnsPoint[] =>
  history.snapshots.map((snapshot) => ({
    created_on: snapshot.created_on,
    block_number: snapshot.block_number,
    value_usd: snapshot.value_usd,
    hodl_value_usd: null,
    rewards_usd: snapshot.rewards_usd,
  }));

export type PositionHistoryProps = {
  tokenId: string;
  walletAddress: string;
  /** The tokens' decimals turn a snapshot's tick into the pool's price. */
  pool: { token0: TokenRef; token1: TokenRef };
  /** The position's range (it never changes): the price chart's band. */
  range: V3Range;
  ValueChart: DetailParts['ValueChart'];
};

/**
 * A tracked position's returns, its snapshots (value chart, price against the range, list, CSV) and its
 * events.
 */
export function PositionHistory({ tokenId, walletAddress, pool, range, ValueChart }: PositionHistoryProps) {
  const query = useQuery(positionHistoryQueryOptions(tokenId, walletAddress));
  if (query.isPending) return <Spinner label="loading history" />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  const history = query.data;
  const newestFirst = [...history.snapshots].sort((a, b) => b.block_number - a.block_number);
  return (
    <div className="space-y-4">
      {/* Against holding beside the accountant's view ("the books", issue 35). */}
      <div className="grid gap-2 md:grid-cols-2">
        <PanelBoundary name="returns">
          <ReturnsPanel returns={history.returns} asOfBlock={history.as_of_block} />
        </PanelBoundary>
        {history.books ? (
          <PanelBoundary name="books">
            <PositionBooksPanel books={history.books} />
          </PanelBoundary>
        ) : null}
      </div>
      <section aria-label="snapshots" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">snapshots</h2>
          {newestFirst.length > 0 ? (
            <DownloadHistoryCsv tokenId={tokenId} walletAddress={walletAddress} />
          ) : null}
        </div>
        {newestFirst.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">no snapshots yet</p>
        ) : (
          <>
            <PanelBoundary name="chart">
              <ValueChart chart={chartPointsOf(history)} />
            </PanelBoundary>
            <PanelBoundary name="price chart">
              <PriceRangeChart snapshots={history.snapshots} pool={pool} range={range} />
            </PanelBoundary>
            <ol className="space-y-2">
              {newestFirst.map((snapshot) => (
                <li
                  key={snapshot.block_number}
                  className="space-y-1 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
                >
                  <RangeBadge isInRange={snapshot.in_range} />
                  <SnapshotFigures snapshot={snapshot} pool={pool} />
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
      <PanelBoundary name="events">
        <PositionEvents events={history.events} />
      </PanelBoundary>
    </div>
  );
}
