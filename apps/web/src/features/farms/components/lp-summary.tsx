import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { InlineError, Spinner } from '../../../components/index.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatPair, formatUsd, shortenAddress } from '../../../lib/format.ts';
import type { AnyFarmListItem } from '../api/get-farms.ts';
import { trackedSummaryQueryOptions } from '../api/get-tracked-summary.ts';
import { farmDetailsHref, productLabels, productOfKind } from '../product.ts';

export type TrackedFarmsSummaryProps = {
  kind: 'lp' | 'dual';
  /** Only farms on this chain (the blockchain page); all chains when omitted. */
  chainId?: number;
};

/**
 * The user's tracked farms of one product with each wallet's latest position value and a link to the
 * farm. For the dashboard's 'LP Mining farms' / 'Dual Mining farms' sections; needs a logged-in user.
 */
export function TrackedFarmsSummary({ kind, chainId }: TrackedFarmsSummaryProps) {
  const query = useQuery(trackedSummaryQueryOptions());
  const product = productOfKind(kind);
  const label = productLabels[product].summary;

  if (query.isPending) return <Spinner label={`loading ${label}`} />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;

  const all: AnyFarmListItem[] = kind === 'lp' ? query.data.lp_mining : query.data.dual_mining;
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
                to={farmDetailsHref(product, item.farm.address)}
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

/** The blockchain page's slot: both products' tracked farms on one chain. */
export function TrackedFarmsOnChain({ chainId }: { chainId: number }) {
  return (
    <div className="space-y-4">
      <section>
        <h3 className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
          {productLabels['lp-mining'].summary}
        </h3>
        <TrackedFarmsSummary kind="lp" chainId={chainId} />
      </section>
      <section>
        <h3 className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
          {productLabels['dual-mining'].summary}
        </h3>
        <TrackedFarmsSummary kind="dual" chainId={chainId} />
      </section>
    </div>
  );
}
