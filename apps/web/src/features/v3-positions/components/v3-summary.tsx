import { useQuery } from '@tanstack/react-query';
import { v3Tool } from '@tidewatch/shared/v3-tool';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { InlineError, Spinner } from '../../../components/index.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatCount, formatUsd, shortenAddress } from '../../../lib/format.ts';
import { trackedSummaryQueryOptions } from '../../farms/api/get-tracked-summary.ts';
import { trackedPositionsQueryOptions } from '../api/get-tracked-positions.ts';
import { RangeBadge } from './figures.tsx';
import { positionName } from './position-article.tsx';

/**
 * How many positions are tracked and their newest snapshots' value, from the tracked summary's
 * `v3_positions` (the server adds the known values up and counts the others apart: never an unknown as $0).
 */
function V3Totals() {
  const query = useQuery({
    ...trackedSummaryQueryOptions(),
    select: (summary) => summary[v3Tool.trackedSummaryField],
  });
  if (!query.data || query.data.count === 0) return null;
  const { count, value_usd, unknown } = query.data;
  const leftOut = unknown > 0 ? ` (${formatCount(unknown, 'position')} without a known value)` : '';
  return (
    <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">
      {formatCount(count, 'position')} tracked, worth{' '}
      <span className="font-medium tabular-nums">{formatUsd(value_usd)}</span>
      {leftOut}
    </p>
  );
}

/**
 * The dashboard's 'V3 positions' section, as its farm sections are: the count and value of the tracked
 * positions, then each with its wallet, its newest snapshot's value (unknown stays 'unknown') and whether it
 * is in range, linking to its page.
 */
export function V3PositionsSummary() {
  const query = useQuery(trackedPositionsQueryOptions());
  const label = v3Tool.summaryHeading;
  if (query.isPending) return <Spinner label={`loading ${label}`} />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  const { positions } = query.data;
  if (positions.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">you are not tracking any V3 positions yet</p>
    );
  }
  return (
    <>
      <V3Totals />
      <ul aria-label={label} className="divide-y divide-slate-100 dark:divide-slate-800">
        {positions.map((tracked) => (
          <li key={tracked.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span className="flex flex-col">
              <Link
                to={paths.v3PositionDetails.getHref(tracked.token_id)}
                className="font-medium text-sky-700 hover:underline dark:text-sky-300"
              >
                {positionName(tracked.token_id, tracked.pool)}
              </Link>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                tracked with {shortenAddress(tracked.wallet_address)}
              </span>
            </span>
            <span className="flex items-center gap-3 text-right">
              {tracked.snapshot ? <RangeBadge isInRange={tracked.snapshot.in_range} /> : null}
              <span>
                <span className="block font-medium tabular-nums text-slate-900 dark:text-slate-100">
                  {tracked.snapshot ? formatUsd(tracked.snapshot.value_usd) : 'no snapshot yet'}
                </span>
                {tracked.snapshot ? (
                  <RelativeTime
                    time={tracked.snapshot.created_on}
                    className="block text-xs text-slate-500 dark:text-slate-400"
                  />
                ) : null}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
