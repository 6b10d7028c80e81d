import type { Wallet } from '@tidewatch/shared';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import { useState } from 'react';
import { Badge, Button, InfoBanner, InlineError } from '../../../components/index.ts';
import { farmStatus } from '../../../lib/farm-status.ts';
import { formatPair, formatPercent, shortenAddress } from '../../../lib/format.ts';
import type { AnyFarmListItem } from '../api/get-farms.ts';
import { newerFarmItem, useRefreshFarm } from '../api/refresh-farm.ts';
import { useTrackFarm } from '../api/track-farm.ts';
import { AutomaticSnapshotLine } from './automatic-snapshot-line.tsx';
import { FarmLinks } from './farm-links.tsx';
import { LazyPositionActions } from './position-actions-lazy.tsx';
import { positionFromListItem } from './position-actions-position.ts';
import { FarmSnapshotFigures, PoolSnapshotFigures, PositionSnapshotFigures } from './snapshot-figures.tsx';
import { TrackChooser } from './track-chooser.tsx';
import { UntrackButton } from './untrack-button.tsx';

export type FarmCardProps = {
  kind: FarmKind;
  item: AnyFarmListItem;
  /** The connected wallet; refreshes use the item's account, else this one. */
  connectedAddress: string | null;
  /** On the Tracked tab: the card offers 'untrack' (and no 'track'). */
  isTracked?: boolean;
  /** The list says the caveat about farms short of rewards once above its cards. */
  isCaveatSaidAbove?: boolean;
};

/** Spec screen 5: one farm with its pool, farm and position snapshots, tracking and refresh. */
export function FarmCard({
  kind,
  item: listedItem,
  connectedAddress,
  isTracked = false,
  isCaveatSaidAbove = false,
}: FarmCardProps) {
  const accountAddress = listedItem.account_address ?? connectedAddress;
  const refresh = useRefreshFarm(
    kind,
    accountAddress ? { farmAddress: listedItem.farm.address, accountAddress } : null,
  );
  // A refresh answers the new item; shown until the list itself brings it (or newer).
  const item = newerFarmItem(listedItem, refresh.latest);
  const onRefresh = refresh.start;

  const [isChooserOpen, setIsChooserOpen] = useState(false);
  const track = useTrackFarm(kind);
  function onChooseWallet(wallet: Wallet) {
    track.mutate(
      { farmAddress: item.farm.address, walletAddress: wallet.address },
      { onSuccess: () => setIsChooserOpen(false) },
    );
  }

  const pair = formatPair(item.pool);
  const snapshot = item.farm.snapshot;
  const status = snapshot ? farmStatus(snapshot) : null;
  // The actions are for the card's account (the tracked wallet, else the connected one the list was read for).
  const actionPosition = positionFromListItem(item);
  return (
    <article
      aria-label={`farm ${pair}`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">{pair}</h3>
          <p className="font-mono text-xs text-slate-500 dark:text-slate-400">
            {shortenAddress(item.farm.address)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {snapshot ? <Badge>APR {formatPercent(snapshot.apr)}</Badge> : null}
          {status && status !== 'active' ? (
            <Badge className="bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-200">
              {status}
            </Badge>
          ) : null}
        </div>
      </header>
      <FarmLinks kind={kind} item={item} />
      <div className="mt-3 grid gap-2 md:grid-cols-3">
        <PoolSnapshotFigures item={item} />
        <FarmSnapshotFigures item={item} />
        <PositionSnapshotFigures item={item} />
      </div>
      {item.account_address ? (
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          position of <span className="font-mono">{shortenAddress(item.account_address)}</span>
        </p>
      ) : null}
      {actionPosition ? (
        <LazyPositionActions position={actionPosition} isCaveatSaidAbove={isCaveatSaidAbove} />
      ) : null}
      <AutomaticSnapshotLine schedule={item.automatic_snapshot} />
      {item.history?.message ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{item.history.message}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {/* A card of the Tracked tab is tracked already: it offers 'untrack', not 'track' again. */}
        {isTracked ? null : (
          <Button size="sm" variant="secondary" onClick={() => setIsChooserOpen(true)}>
            track
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          aria-disabled={refresh.isUpdating || !accountAddress}
          aria-busy={refresh.isUpdating}
          title={accountAddress ? undefined : 'connect or track a wallet to refresh its position'}
          onClick={onRefresh}
        >
          {refresh.isUpdating ? 'updating' : 'refresh'}
        </Button>
        {isTracked && item.account_address ? (
          <UntrackButton farmAddress={item.farm.address} walletAddress={item.account_address} pair={pair} />
        ) : null}
      </div>
      {refresh.isError ? (
        <div className="mt-2">
          <InlineError title="refresh failed" error={refresh.error} onRetry={onRefresh} />
        </div>
      ) : null}
      {track.isSuccess && !isChooserOpen ? (
        <InfoBanner
          className="mt-2"
          messages={[
            `tracking with ${shortenAddress(track.data.item.account_address ?? '')}`,
            ...(track.data.snapshotError ? [track.data.snapshotError] : []),
          ]}
        />
      ) : null}
      {isChooserOpen ? (
        <TrackChooser
          onChoose={onChooseWallet}
          onClose={() => setIsChooserOpen(false)}
          isTracking={track.isPending}
        />
      ) : null}
      {track.isError ? (
        <div className="mt-2">
          <InlineError title="tracking failed" error={track.error} onRetry={() => setIsChooserOpen(true)} />
        </div>
      ) : null}
    </article>
  );
}
