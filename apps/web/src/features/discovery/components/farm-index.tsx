import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { importFarmParam } from '../../../app/paths.ts';
import { Badge, Button, Spinner } from '../../../components/index.ts';
import { describeFarmStatus } from '../../../lib/farm-status.ts';
import { formatCount, formatPercent, formatRelativeTime, formatUsd } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { useNow } from '../../../lib/use-now.ts';
import { type FarmIndexFilters, farmIndexQueryOptions } from '../api/discovery.ts';
import { readIndexFilters, writeIndexFilters } from './farm-index-search.ts';

/** How long typing must pause before the search is sent. */
const searchPauseMs = 300;

/**
 * Every QuickSwap farm of one kind the configured factories deployed (the farm index), paginated, sorted
 * by TVL or APR, filtered by token symbol and active / ended, each with import in one click.
 */
export function FarmIndex({ kind }: { kind: FarmKind }) {
  // Sort, filters and page live in the URL: Back and a shared link bring them back (farm-index-search.ts).
  const [search, setSearch] = useSearchParams();
  const filters = readIndexFilters(search, kind);
  const setFilters = (change: (current: FarmIndexFilters) => FarmIndexFilters) => {
    // No navigation when nothing changes: a needless one, started from this render's search, would undo
    // another part's change of the URL still on its way (the tool's tab chosen a moment before).
    const next = writeIndexFilters(search, change(filters));
    if (next.toString() === search.toString()) return;
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  const isSignedIn = Boolean(useSessionToken());
  // The search asks the server once typing pauses, not per keystroke (with 'where my wallets have
  // something' on, each ask reads the chain for every wallet).
  const [tokenInput, setTokenInput] = useState(filters.token);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the typed text starts the wait
  useEffect(() => {
    if (tokenInput === filters.token) return;
    const timer = setTimeout(() => {
      setFilters((f) => (f.token === tokenInput ? f : { ...f, page: 1, token: tokenInput }));
    }, searchPauseMs);
    return () => clearTimeout(timer);
  }, [tokenInput]);
  const query = useQuery({ ...farmIndexQueryOptions(filters), placeholderData: keepPreviousData });
  const now = useNow();
  const update = (changes: Partial<FarmIndexFilters>) => setFilters((f) => ({ ...f, page: 1, ...changes }));
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.per_page)) : 1;

  return (
    <section aria-label="every QuickSwap farm" className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">every QuickSwap farm</h3>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col gap-1">
          <span className="text-xs text-slate-600 dark:text-slate-400">sort by</span>
          <select
            className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600"
            value={`${filters.sort}:${filters.order}`}
            onChange={(e) => {
              const [sort, order] = e.target.value.split(':') as [
                FarmIndexFilters['sort'],
                FarmIndexFilters['order'],
              ];
              update({ sort, order });
            }}
          >
            <option value="tvl:desc">TVL, highest first</option>
            <option value="tvl:asc">TVL, lowest first</option>
            <option value="apr:desc">APR, highest first</option>
            <option value="apr:asc">APR, lowest first</option>
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-xs text-slate-600 dark:text-slate-400">status</span>
          <select
            className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600"
            value={filters.status}
            onChange={(e) => update({ status: e.target.value as FarmIndexFilters['status'] })}
          >
            <option value="all">active and ended</option>
            <option value="active">active</option>
            <option value="ended">ended</option>
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-xs text-slate-600 dark:text-slate-400">token symbol or address</span>
          <input
            className="w-44 rounded border border-slate-300 px-2 py-1 dark:border-slate-600"
            placeholder="e.g. WETH or 0x…"
            maxLength={42}
            value={tokenInput}
            onChange={(e) => setTokenInput(e.target.value)}
          />
        </label>
        {isSignedIn ? (
          <label className="flex items-center gap-2 pb-1">
            <input
              type="checkbox"
              checked={filters.holdings === 'mine'}
              onChange={(e) => update({ holdings: e.target.checked ? 'mine' : 'any' })}
            />
            <span className="text-xs text-slate-700 dark:text-slate-300">
              where my wallets have something
            </span>
          </label>
        ) : null}
      </div>
      {query.isPending ? <Spinner label="loading the farm index" /> : null}
      {query.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          the farm index could not be loaded: {query.error.message}
        </p>
      ) : null}
      {query.data ? (
        <>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {query.data.refreshed_at
              ? `${formatCount(query.data.total, 'farm')} · index refreshed ${formatRelativeTime(query.data.refreshed_at, now)}`
              : 'the farm index is being built: it is read from QuickSwap’s factories in the background'}
            {query.data.last_error
              ? ` · the last refresh failed ${formatRelativeTime(query.data.last_error.at, now)}: ${query.data.last_error.message}`
              : ''}
          </p>
          {query.data.items.length === 0 && query.data.refreshed_at ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">no farm matches these filters</p>
          ) : null}
          <ul className="space-y-2">
            {query.data.items.map((farm) => (
              <li key={farm.address}>
                <article
                  aria-label={`${farm.token0.symbol} / ${farm.token1.symbol} in the farm index`}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
                >
                  <div className="flex flex-col">
                    <span className="font-medium text-slate-900 dark:text-slate-100">
                      {farm.token0.symbol} / {farm.token1.symbol}
                    </span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      rewards {farm.reward_token_a.symbol}
                      {farm.reward_token_b ? ` + ${farm.reward_token_b.symbol}` : ''} ·{' '}
                      {describeFarmStatus(farm)}
                    </span>
                  </div>
                  <dl className="flex gap-4 font-mono tabular-nums text-xs">
                    <div>
                      <dt className="text-slate-500 dark:text-slate-400">TVL</dt>
                      <dd>{formatUsd(farm.tvl_usd)}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-500 dark:text-slate-400">APR</dt>
                      <dd>{formatPercent(farm.apr)}</dd>
                    </div>
                  </dl>
                  {farm.is_imported ? (
                    <Badge>imported</Badge>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`import ${farm.token0.symbol} / ${farm.token1.symbol} farm ${farm.address}`}
                      onClick={() => {
                        // Keeps the page's other parameters (tab, sort, filter): only the farm asked for changes.
                        setSearch((previous) => {
                          const next = new URLSearchParams(previous);
                          next.set(importFarmParam, farm.address);
                          return next;
                        });
                        window.scrollTo({ top: 0, behavior: 'smooth' });
                      }}
                    >
                      import
                    </Button>
                  )}
                </article>
              </li>
            ))}
          </ul>
          <nav aria-label="farm index pages" className="flex items-center gap-2 text-sm">
            <Button
              size="sm"
              variant="secondary"
              disabled={filters.page <= 1}
              onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
            >
              previous
            </Button>
            <span>
              page {filters.page} of {pages}
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={filters.page >= pages}
              onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
            >
              next
            </Button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
