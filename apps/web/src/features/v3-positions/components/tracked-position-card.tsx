import type { V3TrackedPosition } from '@tidewatch/shared/v3-positions';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, ConfirmDialog, InlineError } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { useRefreshPosition, useUntrackPosition } from '../api/manage-tracking.ts';
import { formatPriceNumber, priceAtTick } from '../price-series.ts';
import { RangeBadge } from './figures.tsx';
import { PositionArticle, positionName } from './position-article.tsx';
import { RangeBar } from './range-bar.tsx';
import { SnapshotFigures } from './snapshot-figures.tsx';

/** 'refresh': a snapshot now, 'updating' while it runs (single-flight per position and wallet). */
export function RefreshButton({ tokenId, walletAddress }: { tokenId: string; walletAddress: string }) {
  const refresh = useRefreshPosition({ tokenId, walletAddress });
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-disabled={refresh.isUpdating}
        aria-busy={refresh.isUpdating}
        onClick={refresh.start}
      >
        {refresh.isUpdating ? 'updating' : 'refresh'}
      </Button>
      {refresh.isError ? (
        <InlineError title="refresh failed" error={refresh.error} onRetry={refresh.start} />
      ) : null}
    </>
  );
}

/** 'untrack', confirmed in a dialog: the scheduled snapshots stop. */
export function UntrackPositionButton({ tracked }: { tracked: V3TrackedPosition }) {
  const [isOpen, setOpen] = useState(false);
  const untrack = useUntrackPosition();
  const name = `position #${tracked.token_id}`;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        untrack
      </Button>
      {isOpen ? (
        <ConfirmDialog
          title={`stop tracking ${name}?`}
          confirmLabel="untrack"
          isBusy={untrack.isPending}
          onCancel={() => setOpen(false)}
          onConfirm={() => untrack.mutate(tracked.id, { onSuccess: () => setOpen(false) })}
          error={untrack.isError ? <InlineError title="untrack failed" error={untrack.error} /> : null}
        >
          <p>
            {positionName(tracked.token_id, tracked.pool)} will no longer be tracked with{' '}
            {shortenAddress(tracked.wallet_address)}: no more automatic snapshots or alerts.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/**
 * One position of the 'Tracked' tab: its newest snapshot, the wallet, refresh, untrack and its detail; its range
 * bar (the range from the tracked list's answer) at the snapshot's price, from its tick: no chain read per card.
 */
export function TrackedPositionCard({ tracked }: { tracked: V3TrackedPosition }) {
  const { snapshot } = tracked;
  return (
    <PositionArticle
      tokenId={tracked.token_id}
      pool={tracked.pool}
      badges={snapshot ? <RangeBadge isInRange={snapshot.in_range} /> : null}
    >
      {snapshot ? (
        <div className="mb-3">
          <RangeBar
            tick_lower={tracked.tick_lower}
            tick_upper={tracked.tick_upper}
            price_lower={tracked.price_lower}
            price_upper={tracked.price_upper}
            price={formatPriceNumber(priceAtTick(snapshot.tick, tracked.pool))}
            isInRange={snapshot.in_range}
            pool={tracked.pool}
          />
        </div>
      ) : null}
      {snapshot ? (
        <SnapshotFigures snapshot={snapshot} pool={tracked.pool} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">no snapshot yet</p>
      )}
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        tracked with <span className="font-mono">{shortenAddress(tracked.wallet_address)}</span>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Link
          to={paths.v3PositionDetails.getHref(tracked.token_id)}
          className="text-sm font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          details
        </Link>
        <RefreshButton tokenId={tracked.token_id} walletAddress={tracked.wallet_address} />
        <UntrackPositionButton tracked={tracked} />
      </div>
    </PositionArticle>
  );
}
