import { useQuery } from '@tanstack/react-query';
import { chainsTool } from '@tidewatch/shared/chains-tool';
import { InlineError, Spinner } from '../../../components/index.ts';
import { formatUsd, formatSignedUsd as signed } from '../../../lib/format.ts';
import { portfolioQueryOptions } from '../api/get-portfolio.ts';

const leftOut = (count: number, why: string) =>
  count === 0 ? null : `${count} ${count === 1 ? 'position' : 'positions'} not counted: ${why}`;

/**
 * The dashboard's portfolio totals over every tracked position of every kind: value, its 24-hour change, total
 * profit (each position's one profit, as its returns and books show it), and the same per kind and per chain. A position
 * whose figure is unknown is left out of that sum and said so, never counted as $0.
 */
export function PortfolioTotals() {
  const query = useQuery(portfolioQueryOptions());
  if (query.isPending) return <Spinner label="loading portfolio" />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  const p = query.data;
  if (p.positions === 0) return null;
  const figures = [
    { label: 'value', value: formatUsd(p.value_usd), note: leftOut(p.unknown.value, 'no price') },
    {
      label: '24-hour change',
      value: signed(p.change_24h_usd),
      note: leftOut(p.unknown.change_24h, 'no value 24 hours ago'),
    },
    {
      label: 'total profit',
      value: signed(p.pnl_usd),
      note: leftOut(p.unknown.pnl, 'deposits, prices or gas unknown'),
    },
  ];
  // Each kind's share of the totals (V2 farms, V3 positions): the same sums over its positions.
  const kinds = (p.kinds ?? []).length > 1 ? p.kinds! : [];
  // Each chain's share (Polygon, Base), once a chain beside Polygon is in it: the same sums over its positions.
  const chains = (p.chains ?? []).some((chain) => chain.chain_id !== chainsTool.polygonChainId)
    ? p.chains!
    : [];
  return (
    <section aria-label="portfolio" className="grid gap-2 sm:grid-cols-3">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className="rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">{figure.label}</p>
          <p className="font-mono text-lg tabular-nums text-slate-900 dark:text-slate-100">{figure.value}</p>
          {figure.note ? <p className="text-xs text-slate-500 dark:text-slate-400">{figure.note}</p> : null}
        </div>
      ))}
      {kinds.length > 0 ? (
        <ul aria-label="by kind" className="text-xs text-slate-600 sm:col-span-3 dark:text-slate-400">
          {kinds.map((kind) => (
            <li key={kind.kind}>
              {kind.label} ({kind.positions}): value {formatUsd(kind.value_usd)}, total profit{' '}
              {signed(kind.pnl_usd)}
            </li>
          ))}
        </ul>
      ) : null}
      {chains.length > 0 ? (
        <ul aria-label="by chain" className="text-xs text-slate-600 sm:col-span-3 dark:text-slate-400">
          {chains.map((chain) => (
            <li key={chain.chain_id}>
              on {chain.name} ({chain.positions}): value {formatUsd(chain.value_usd)}
              {chain.unknown.value > 0 ? ` (${leftOut(chain.unknown.value, 'no price')})` : ''}, 24-hour
              change {signed(chain.change_24h_usd)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
