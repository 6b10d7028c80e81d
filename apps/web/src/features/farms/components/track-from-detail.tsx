import type { Wallet } from '@tidewatch/shared';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import { useState } from 'react';
import { Button, InlineError } from '../../../components/index.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { useTrackFarm } from '../api/track-farm.ts';
import { TrackChooser } from './track-chooser.tsx';

/**
 * A farm's page with no position to show: says how to get one and, for a logged-in user, tracks the farm
 * with a saved wallet right here (the same chooser as the farm cards). Tracking refetches the farms, so
 * the page then shows that wallet's position.
 */
export function TrackFromDetail({ kind, farmAddress }: { kind: FarmKind; farmAddress: string }) {
  const token = useSessionToken();
  const [isChooserOpen, setIsChooserOpen] = useState(false);
  const track = useTrackFarm(kind);
  function onChoose(wallet: Wallet) {
    track.mutate(
      { farmAddress, walletAddress: wallet.address },
      { onSuccess: () => setIsChooserOpen(false) },
    );
  }
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          track this farm with a wallet to follow your position
        </p>
        {token && !isChooserOpen ? (
          <Button size="sm" variant="secondary" onClick={() => setIsChooserOpen(true)}>
            track
          </Button>
        ) : null}
      </div>
      {isChooserOpen ? (
        <TrackChooser
          onChoose={onChoose}
          onClose={() => setIsChooserOpen(false)}
          isTracking={track.isPending}
        />
      ) : null}
      {track.isError ? (
        <InlineError title="tracking failed" error={track.error} onRetry={() => setIsChooserOpen(true)} />
      ) : null}
    </div>
  );
}
