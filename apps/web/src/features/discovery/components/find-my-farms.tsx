import { type FindMyFarmsResponse, formatTokenAmount, type WalletFarm } from '@tidewatch/shared';
import { farmKinds } from '@tidewatch/shared/farm-kinds';
import { type ReactNode, useState } from 'react';
import { Badge, Button, ErrorBanner, SuccessBanner } from '../../../components/index.ts';
import { describeFarmStatus } from '../../../lib/farm-status.ts';
import { formatCount, formatUsd, shortenAddress } from '../../../lib/format.ts';
import { useFindMyFarms, useTrackDiscovered } from '../api/discovery.ts';

/**
 * "ended 2023-05-01: 12.3 dQUICK (old) unclaimed, $4.10"; "active: 1.5 LP staked, 0.2 QUICK unclaimed,
 * $31.20". The value is what is staked and unclaimed there; a part without a price is said, not counted 0.
 */
export function describeFound(found: WalletFarm): string {
  const earned = found.earned.filter((e) => Number(e.amount) > 0);
  const unclaimed = earned.map((e) => `${formatTokenAmount(e.amount)} ${e.symbol}`).join(' + ');
  const isStaked = Number(found.staked) > 0;
  const parts = [
    ...(isStaked ? [`${formatTokenAmount(found.staked)} LP staked`] : []),
    ...(unclaimed ? [`${unclaimed} unclaimed`] : []),
  ];
  const values = [...(isStaked ? [found.staked_usd] : []), ...earned.map((e) => e.usd)];
  const known = values.filter((v): v is number => v !== null);
  if (known.length > 0) {
    const total = formatUsd(known.reduce((a, b) => a + b, 0));
    parts.push(known.length === values.length ? total : `${total} (some prices unknown)`);
  } else if (values.length > 0) {
    parts.push('value unknown');
  }
  return `${describeFarmStatus(found.farm)}: ${parts.join(', ')}`;
}

/** Why nothing was found, without claiming the wallet has nothing when the index cannot say so. */
export function describeNothingFound(data: FindMyFarmsResponse): string {
  if (data.index.refreshed_at === null) {
    return 'the farm index has not been built yet (it is read from the chain after start-up): try again in a few minutes; nothing was checked';
  }
  if (data.index.is_empty) {
    return 'the farm index lists no farm (its last refresh could read none: see /api/health): nothing was checked';
  }
  const asOf = data.index.refreshed_at.slice(0, 10);
  if (data.index.is_stale) {
    return `no stake or unclaimed rewards in any of the ${formatCount(data.checked, 'QuickSwap farm')} of the index, but the index was last refreshed on ${asOf}: farms found since are not checked`;
  }
  return `no stake or unclaimed rewards in any of the ${formatCount(data.checked, 'QuickSwap farm')}`;
}

/** How a transaction run on a found farm ended (the transactions feature's outcome). */
type ActionOutcome = 'confirmed' | 'failed' | 'rejected';

/**
 * The app layer's actions on a found position (claim, withdraw, withdraw all and claim, issue 33): the
 * farms feature draws them; `onFinished` is called when a run ends.
 */
export type FoundFarmActions = (found: WalletFarm, onFinished: (outcome: ActionOutcome) => void) => ReactNode;

/** What the actions on the found positions would each say alike, said once above the list by the app layer. */
export type FoundFarmsCaveat = (found: WalletFarm[]) => ReactNode;

const pairOf = (found: WalletFarm) => `${found.farm.token0.symbol} / ${found.farm.token1.symbol}`;

/**
 * 'find my farms' for one saved or watch-only wallet: every indexed QuickSwap farm where it has stake or
 * unclaimed rewards (ended farms included), each with 'track' and the actions on the position, and
 * 'track all'.
 */
export function FindMyFarms({
  walletAddress,
  positionActions,
  actionsCaveat,
}: {
  walletAddress: string;
  positionActions?: FoundFarmActions;
  actionsCaveat?: FoundFarmsCaveat;
}) {
  const find = useFindMyFarms();
  const track = useTrackDiscovered();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const found = find.data?.farms ?? [];
  // A confirmed transaction changed what the wallet holds: the search runs again (a farm emptied by it
  // leaves the list, and its runner with it, so the confirmation is said above the list).
  const onActionFinished = (farm: WalletFarm) => (outcome: ActionOutcome) => {
    if (outcome !== 'confirmed') return;
    setConfirmed(`${pairOf(farm)}: transaction confirmed; the farms below are read again from the chain`);
    find.mutate(walletAddress);
  };
  const untracked = found.filter((f) => !f.is_tracked);
  const trackFarms = (addresses: string[]) =>
    track.mutate(
      { walletAddress, farmAddresses: addresses },
      { onSuccess: () => find.mutate(walletAddress) },
    );
  return (
    <section aria-label="find my farms" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          onClick={() => {
            setConfirmed(null);
            find.mutate(walletAddress);
          }}
          isLoading={find.isPending}
        >
          find my farms
        </Button>
        {untracked.length > 1 ? (
          <Button
            size="sm"
            variant="secondary"
            isLoading={track.isPending}
            onClick={() => trackFarms(untracked.map((f) => f.farm.address))}
          >
            track all
          </Button>
        ) : null}
      </div>
      {find.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          checking every QuickSwap farm for {shortenAddress(walletAddress)}…
        </p>
      ) : null}
      {find.isError ? <ErrorBanner messages={find.error.message} /> : null}
      {track.isError ? <ErrorBanner messages={track.error.message} /> : null}
      {confirmed ? <SuccessBanner messages={confirmed} /> : null}
      {track.isSuccess ? (
        <SuccessBanner
          messages={`now tracking ${formatCount(track.data.tracked.length + track.data.already_tracked.length, 'farm')}`}
        />
      ) : null}
      {find.data ? (
        found.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{describeNothingFound(find.data)}</p>
        ) : (
          <>
            {actionsCaveat?.(found)}
            <ul aria-label="farms of this wallet" className="divide-y divide-slate-100 dark:divide-slate-800">
              {found.map((f) => (
                <li key={f.farm.address} className="py-2 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="flex flex-col">
                      <span className="font-medium text-slate-900 dark:text-slate-100">
                        {pairOf(f)}{' '}
                        <span className="text-xs font-normal text-slate-500 dark:text-slate-400">
                          {farmKinds[f.farm.kind].shortName}
                        </span>
                      </span>
                      <span className="text-xs tabular-nums text-slate-600 dark:text-slate-400">
                        {describeFound(f)}
                      </span>
                    </span>
                    {f.is_tracked ? (
                      <Badge>tracked</Badge>
                    ) : (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`track ${pairOf(f)} ${f.farm.address}`}
                        disabled={track.isPending}
                        onClick={() => trackFarms([f.farm.address])}
                      >
                        track
                      </Button>
                    )}
                  </div>
                  {positionActions?.(f, onActionFinished(f))}
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </section>
  );
}
