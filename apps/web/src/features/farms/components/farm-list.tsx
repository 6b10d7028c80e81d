import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import type { ReactNode } from 'react';
import {
  Button,
  InlineError,
  PanelBoundary,
  Spinner,
  SuccessBanner,
  Tabs,
} from '../../../components/index.ts';
import { formatCount, shortenAddress } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { useAllOrTrackedTab } from '../../../lib/use-all-or-tracked-tab.ts';
import { useWallet } from '../../../lib/wallet/index.ts';
import { useCreateTokenSnapshots } from '../api/create-token-snapshots.ts';
import { type AnyFarmListItem, allFarmsQueryOptions } from '../api/get-farms.ts';
import { trackedFarmsQueryOptions } from '../api/get-tracked-farms.ts';
import { FarmCard } from './farm-card.tsx';
import { positionFromListItem } from './position-actions-position.ts';
import { ShortRewardsCaveat } from './short-rewards-caveat.tsx';

const tabItems = [
  { key: 'all', label: 'All Quickswap Farms' },
  { key: 'tracked', label: 'Tracked Farms' },
] as const;

/**
 * Spec screen 4: All / Tracked tabs (Tracked by default with a session token), one card per farm.
 * `everyFarm` (the app layer's farm index) follows the imported farms on the All tab.
 */
export function FarmList({ kind, everyFarm }: { kind: FarmKind; everyFarm?: ReactNode }) {
  const token = useSessionToken();
  const [tab, setChosenTab] = useAllOrTrackedTab();
  const wallet = useWallet();
  const connectedAddress = wallet.isConnected ? wallet.publicAddress : null;

  return (
    <section aria-label="farm list" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
        <span>
          {connectedAddress ? (
            <>
              connected address: <span className="font-mono">{shortenAddress(connectedAddress)}</span>
            </>
          ) : (
            'no wallet connected'
          )}
        </span>
        {kind === 'lp' && token ? <TokenSnapshotsAction /> : null}
      </div>
      <Tabs items={tabItems} value={tab} onChange={setChosenTab} label="farms">
        {tab === 'all' ? (
          <AllFarms kind={kind} connectedAddress={connectedAddress} everyFarm={everyFarm} />
        ) : token ? (
          <TrackedFarms kind={kind} connectedAddress={connectedAddress} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">log in to see the farms you track</p>
        )}
      </Tabs>
    </section>
  );
}

type ListProps = { kind: FarmKind; connectedAddress: string | null };

function AllFarms({ kind, connectedAddress, everyFarm }: ListProps & { everyFarm?: ReactNode }) {
  const query = useQuery(allFarmsQueryOptions(kind, connectedAddress ?? undefined));
  return (
    <div className="space-y-6">
      <FarmItems
        query={query}
        kind={kind}
        connectedAddress={connectedAddress}
        empty="no farms imported yet — import one above, or from the list of every QuickSwap farm below"
      />
      {everyFarm}
    </div>
  );
}

function TrackedFarms({ kind, connectedAddress }: ListProps) {
  const query = useQuery(trackedFarmsQueryOptions(kind, connectedAddress ?? undefined));
  return (
    <FarmItems
      query={query}
      kind={kind}
      connectedAddress={connectedAddress}
      empty="you are not tracking any farms yet"
      isTracked
    />
  );
}

function FarmItems({
  query,
  kind,
  connectedAddress,
  empty,
  isTracked = false,
}: ListProps & {
  query: UseQueryResult<AnyFarmListItem[]>;
  empty: string;
  isTracked?: boolean;
}) {
  if (query.isPending) return <Spinner label="loading farms" />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="space-y-3">
      {query.isFetching ? <Spinner size="sm" label="updating farms" /> : null}
      {query.data.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p> : null}
      <ShortRewardsCaveat positions={query.data.map(positionFromListItem)} />
      {query.data.map((item) => (
        <PanelBoundary key={`${item.farm.address}-${item.account_address ?? ''}`} name="farm card">
          <FarmCard
            kind={kind}
            item={item}
            connectedAddress={connectedAddress}
            isTracked={isTracked}
            isCaveatSaidAbove
          />
        </PanelBoundary>
      ))}
    </div>
  );
}

function TokenSnapshotsAction() {
  const mutation = useCreateTokenSnapshots();
  return (
    <div className="flex flex-col items-end gap-1">
      <Button size="sm" variant="secondary" isLoading={mutation.isPending} onClick={() => mutation.mutate()}>
        create token snapshots
      </Button>
      {mutation.isSuccess ? (
        <SuccessBanner messages={`${formatCount(mutation.data.count, 'token snapshot')} created`} />
      ) : null}
      {mutation.isError ? <InlineError error={mutation.error} onRetry={() => mutation.mutate()} /> : null}
    </div>
  );
}
