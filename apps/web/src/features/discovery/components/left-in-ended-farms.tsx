import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, InlineError, Spinner } from '../../../components/index.ts';
import { formatCount, formatUsd, shortenAddress } from '../../../lib/format.ts';
import { leftInEndedFarmsQueryOptions } from '../api/left-in-ended-farms.ts';

/**
 * The dashboard's 'left in ended farms': per saved or watch-only wallet, the stake and unclaimed rewards
 * still in QuickSwap farms that have ended (no exchange page shows them any more), with a link to the
 * wallet, where find my farms lists them, and 'get it out' to the wallet's recovery plan. It reads the chain
 * for every wallet, so it runs when asked.
 */
export function LeftInEndedFarms({ walletIdOf }: { walletIdOf: (address: string) => number | undefined }) {
  const [isAsked, setIsAsked] = useState(false);
  // Once asked, an answer in the cache keeps the query on: a transaction recorded elsewhere (the recovery plan,
  // a position's action) marks it stale, and the next visit reads it again instead of showing the old sum.
  const query = useQuery({
    ...leftInEndedFarmsQueryOptions(),
    enabled: (cached) => isAsked || cached.state.data !== undefined,
  });
  if (!isAsked && !query.data) {
    return (
      <Button size="sm" variant="secondary" onClick={() => setIsAsked(true)}>
        check ended farms
      </Button>
    );
  }
  if (query.isPending) return <Spinner label="checking ended farms" />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  const { wallets, index } = query.data;
  if (index.refreshed_at === null || index.is_empty) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        the farm index has not been built yet: ended farms are checked once it has
      </p>
    );
  }
  if (wallets.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">save or watch a wallet to check it</p>;
  }
  return (
    <ul aria-label="left in ended farms" className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {wallets.map((w) => {
        const id = walletIdOf(w.wallet_address);
        const label = shortenAddress(w.wallet_address);
        return (
          <li key={w.wallet_address} className="flex flex-wrap items-center justify-between gap-2 py-2">
            {id === undefined ? (
              <span className="font-mono">{label}</span>
            ) : (
              <Link
                to={paths.walletView.getHref(id)}
                className="font-mono text-sky-700 hover:underline dark:text-sky-300"
              >
                {label}
              </Link>
            )}
            <span className="tabular-nums text-slate-700 dark:text-slate-300">
              {w.farms === 0
                ? 'nothing left in ended farms'
                : `${formatUsd(w.value_usd)} in ${formatCount(w.farms, 'ended farm')}${
                    w.unpriced > 0 ? ` (${formatCount(w.unpriced, 'farm')} without a price)` : ''
                  }`}
              {w.farms > 0 ? (
                <Link
                  to={paths.recovery.getHref(w.wallet_address)}
                  aria-label={`get it out of ${label}`}
                  className="ml-3 font-medium text-sky-700 hover:underline dark:text-sky-300"
                >
                  get it out
                </Link>
              ) : null}
            </span>
          </li>
        );
      })}
      {index.is_stale ? (
        <li className="py-2 text-xs text-slate-500 dark:text-slate-400">
          the farm index was last refreshed on {index.refreshed_at.slice(0, 10)}
        </li>
      ) : null}
    </ul>
  );
}
