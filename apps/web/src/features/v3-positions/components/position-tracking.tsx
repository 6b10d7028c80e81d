import { useQuery } from '@tanstack/react-query';
import type { V3Position } from '@tidewatch/shared/v3-positions';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, InlineError, Spinner } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { trackedPositionsQueryOptions } from '../api/get-tracked-positions.ts';
import { useTrackPosition } from '../api/manage-tracking.ts';
import type { DetailParts } from './detail-parts.ts';
import { PositionHistory } from './position-history.tsx';
import { RefreshButton, UntrackPositionButton } from './tracked-position-card.tsx';
import { trackedEntryFor } from './use-as-of-block.ts';

const quiet = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * Tracking on a position's detail: a visitor is asked to log in; a user who does not track it chooses one
 * of their saved or watch-only wallets; a tracked position shows its wallet, refresh, untrack and history
 * (the wallet that owns it first, when several track it).
 */
export function PositionTracking({ position, parts }: { position: V3Position; parts: DetailParts }) {
  const token = useSessionToken();
  const { pathname } = useLocation();
  if (!token) {
    return (
      <p className={quiet}>
        <Link
          to={paths.login.getHref({ next: pathname })}
          className="font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          log in
        </Link>{' '}
        to track this position: snapshots, history, returns and alerts
      </p>
    );
  }
  return <SignedInTracking position={position} parts={parts} />;
}

function SignedInTracking({ position, parts }: { position: V3Position; parts: DetailParts }) {
  const query = useQuery(trackedPositionsQueryOptions());
  if (query.isPending) return <Spinner label="loading tracking" />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  const tracked = trackedEntryFor(query.data.positions, position);
  if (!tracked) return <TrackWithWallet tokenId={position.token_id} WalletChooser={parts.WalletChooser} />;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <span>
          tracked with <span className="font-mono">{shortenAddress(tracked.wallet_address)}</span>
        </span>
        <RefreshButton tokenId={tracked.token_id} walletAddress={tracked.wallet_address} />
        <UntrackPositionButton tracked={tracked} />
      </div>
      <PositionHistory
        tokenId={tracked.token_id}
        walletAddress={tracked.wallet_address}
        pool={tracked.pool}
        range={position}
        ValueChart={parts.ValueChart}
      />
    </div>
  );
}

function TrackWithWallet({
  tokenId,
  WalletChooser,
}: {
  tokenId: string;
  WalletChooser: DetailParts['WalletChooser'];
}) {
  const [isChooserOpen, setIsChooserOpen] = useState(false);
  const track = useTrackPosition();
  return (
    <div className="space-y-2">
      <p className={quiet}>track this position for scheduled snapshots, its history, returns and alerts</p>
      <Button size="sm" variant="secondary" onClick={() => setIsChooserOpen(true)}>
        track
      </Button>
      {isChooserOpen ? (
        <WalletChooser
          isTracking={track.isPending}
          onClose={() => setIsChooserOpen(false)}
          onChoose={(wallet) =>
            track.mutate(
              { tokenId, walletAddress: wallet.address },
              { onSuccess: () => setIsChooserOpen(false) },
            )
          }
        />
      ) : null}
      {track.isError ? (
        <InlineError title="tracking failed" error={track.error} onRetry={() => setIsChooserOpen(true)} />
      ) : null}
    </div>
  );
}
