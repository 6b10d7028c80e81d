import { useQuery } from '@tanstack/react-query';
import { isSameAddress } from '@tidewatch/shared/same-address';
import { useState } from 'react';
import { Button, InlineError } from '../../../components/index.ts';
import { formatRelativeTime, formatUsd } from '../../../lib/format.ts';
import {
  trackedChainWalletsQueryOptions,
  useTrackChainWallet,
  useUntrackChainWallet,
} from '../api/tracking.ts';
import { ChainWalletHistory } from './chain-wallet-history.tsx';

const quiet = 'text-xs text-slate-600 dark:text-slate-400';

/**
 * Tracking one wallet on one chain beside Polygon: 'track on Base' (its positions there join the portfolio and its
 * alerts, snapshotted on the schedule), or what the newest snapshot counted with 'stop tracking'. The tracked list
 * is one request for every wallet and chain.
 */
export function TrackChainWallet({
  chain,
  walletAddress,
  label,
}: {
  chain: { id: number; name: string };
  walletAddress: string;
  /** The wallet as its buttons' names end: 'wallet 0x1234…5678' (their visible text comes first). */
  label: string;
}) {
  const tracked = useQuery({
    ...trackedChainWalletsQueryOptions(),
    select: ({ wallets }) =>
      wallets.find((w) => w.chain_id === chain.id && isSameAddress(w.wallet_address, walletAddress)) ?? null,
  });
  const track = useTrackChainWallet();
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const untrack = useUntrackChainWallet();
  if (tracked.isPending) return null;
  if (tracked.isError) return <InlineError error={tracked.error} onRetry={() => void tracked.refetch()} />;
  const error = track.error ?? untrack.error;
  const snapshot = tracked.data?.snapshot ?? null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {tracked.data ? (
        <>
          <span className={quiet}>
            tracked on {chain.name}: in your portfolio
            {snapshot
              ? ` (${snapshot.positions} ${snapshot.positions === 1 ? 'position' : 'positions'}, ${formatUsd(snapshot.total_usd)} at block ${Number(snapshot.block_number).toLocaleString('en-US')})`
              : ''}
          </span>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${isHistoryOpen ? 'hide' : 'show'} history: ${label}`}
            aria-expanded={isHistoryOpen}
            onClick={() => setIsHistoryOpen((open) => !open)}
          >
            {isHistoryOpen ? 'hide' : 'show'} history
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`stop tracking on ${chain.name}: ${label}`}
            isLoading={untrack.isPending}
            disabled={untrack.isPending}
            onClick={() => untrack.mutate(tracked.data!.id)}
          >
            stop tracking
          </Button>
        </>
      ) : (
        <>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`track on ${chain.name}: ${label}`}
            isLoading={track.isPending}
            disabled={track.isPending}
            onClick={() => track.mutate({ chainId: chain.id, walletAddress })}
          >
            track on {chain.name}
          </Button>
          <span className={quiet}>adds its positions there to your portfolio and alerts</span>
        </>
      )}
      {tracked.data?.last_error ? (
        <p role="status" className="w-full text-xs text-amber-800 dark:text-amber-200">
          the last automatic snapshot failed
          {tracked.data.last_error_at ? ` ${formatRelativeTime(tracked.data.last_error_at)}` : ''}:{' '}
          {tracked.data.last_error}; it is tried again, the figures above are the last good ones
        </p>
      ) : null}
      {error ? <InlineError error={error} /> : null}
      {tracked.data && isHistoryOpen ? (
        <div className="w-full">
          <ChainWalletHistory id={tracked.data.id} label={label} />
        </div>
      ) : null}
    </div>
  );
}
