import { useQuery } from '@tanstack/react-query';
import { type FarmKind, farmKindList, farmKinds } from '@tidewatch/shared/farm-kinds';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { InlineError, Spinner } from '../../../components/index.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatPair, formatUsd, shortenAddress } from '../../../lib/format.ts';
import type { AnyFarmListItem } from '../api/get-farms.ts';
import { trackedSummaryQueryOptions } from '../api/get-tracked-summary.ts';

export type TrackedFarmsSummaryProps = {
  kind: FarmKind;
  /** Only farms on this chain (the blockchain page); all chains when omitted. */
  chainId?: number;
};

/**
 * The user's tracked farms of one kind with each wallet's latest position value and a link to the
 * farm. For the dashboard's 'LP Mining farms' / 'Dual Mining farms' sections; needs a logged-in user.
 */
export function TrackedFarmsSummary({ kind, chainId }: TrackedFarmsSummaryProps) {
  const query = useQuery(trackedSummaryQueryOptions());
  const { summaryHeading: label, trackedSummaryField } = farmKinds[kind];

  if (query.isPending) return <Spinner label={`loading ${label}`} />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;

  const all: AnyFarmListItem[] = query.data[trackedSummaryField];
  const items = chainId === undefined ? all : all.filter((item) => item.farm.chain_id === chainId);
  if (items.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">you are not tracking any {label} yet</p>;
  }
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 dark:divide-slate-800">
      {items.map((item) => {
        const position = item.farm_position_snapshot;
        return (
          <li
            key={`${item.farm.address}-${item.account_address ?? ''}`}
            className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
          >
            <span className="flex flex-col">
              <Link
                to={paths.farmDetails.getHref(kind, item.farm.address)}
                className="font-medium text-sky-700 hover:underline dark:text-sky-300"
              >
                {formatPair(item.pool)}
              </Link>
              {item.account_address ? (
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  tracked with {shortenAddress(item.account_address)}
                </span>
              ) : null}
            </span>
            <span className="text-right">
              <span className="block font-medium tabular-nums text-slate-900 dark:text-slate-100">
                {position ? formatUsd(position.total_liquidity_usd) : 'no position snapshot yet'}
              </span>
              {position ? (
                <RelativeTime
                  time={position.created_on}
                  className="block text-xs text-slate-500 dark:text-slate-400"
                />
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The blockchain page's slot: every kind's tracked farms on one chain. */
export function TrackedFarmsOnChain({ chainId }: { chainId: number }) {
  return (
    <div className="space-y-4">
      {farmKindList.map((kind) => (
        <section key={kind}>
          <h3 className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
            {farmKinds[kind].summaryHeading}
          </h3>
          <TrackedFarmsSummary kind={kind} chainId={chainId} />
        </section>
      ))}
    </div>
  );
}
