import { useQuery } from '@tanstack/react-query';
import type { Wallet } from '@tidewatch/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, InlineError, PanelBoundary, Spinner } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/session.ts';
import {
  connectedWalletsQueryOptions,
  selectPolygonWallets,
} from '../../wallets/api/get-connected-wallets.ts';

export type TrackChooserProps = {
  onChoose: (wallet: Wallet) => void;
  onClose: () => void;
  isTracking: boolean;
};

/** Spec screen 7: 'choose wallet to track', one card per saved Polygon wallet, in its own panel boundary. */
export function TrackChooser(props: TrackChooserProps) {
  return (
    <PanelBoundary name="track chooser">
      <TrackChooserPanel {...props} />
    </PanelBoundary>
  );
}

function TrackChooserPanel({ onChoose, onClose, isTracking }: TrackChooserProps) {
  const token = useSessionToken();
  const titleId = useId();
  return (
    <div
      role="dialog"
      aria-labelledby={titleId}
      className="mt-3 space-y-3 rounded-md border border-sky-200 bg-sky-50/50 p-3 dark:border-sky-800 dark:bg-sky-950/50"
    >
      <div className="flex items-center justify-between gap-2">
        <h4 id={titleId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          choose wallet to track
        </h4>
        <Button size="sm" variant="ghost" onClick={onClose}>
          close
        </Button>
      </div>
      {token ? (
        <WalletCards onChoose={onChoose} isTracking={isTracking} />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <Link
            to={paths.login.getHref()}
            className="font-medium text-sky-700 hover:underline dark:text-sky-300"
          >
            log in to track a farm
          </Link>
        </p>
      )}
    </div>
  );
}

function WalletCards({ onChoose, isTracking }: Pick<TrackChooserProps, 'onChoose' | 'isTracking'>) {
  const query = useQuery({ ...connectedWalletsQueryOptions(), select: selectPolygonWallets });
  if (query.isPending) return <Spinner size="sm" label="loading wallets" />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  const wallets = query.data;
  if (wallets.length === 0) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        no saved Polygon wallets yet —{' '}
        <Link
          to={paths.dashboard.getHref()}
          className="font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          connect one on the dashboard
        </Link>
      </p>
    );
  }
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {wallets.map((wallet) => (
        <li key={wallet.id}>
          <button
            type="button"
            disabled={isTracking}
            onClick={() => onChoose(wallet)}
            className="w-full rounded-md bg-white p-3 text-left text-sm shadow-sm ring-1 ring-slate-200 hover:ring-sky-400 disabled:opacity-60 dark:bg-slate-900 dark:ring-slate-700"
          >
            <span className="block font-medium text-slate-900 dark:text-slate-100">
              track address {shortenAddress(wallet.address)}
            </span>
            <span className="block text-slate-600 dark:text-slate-400">
              {wallet.name}
              {wallet.is_watch_only ? ' · watch-only' : ''}
            </span>
            <span className="block text-slate-500 dark:text-slate-400">{wallet.blockchain.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
