import { useQuery } from '@tanstack/react-query';
import type { FarmDetail } from '@tidewatch/shared';
import { farmKinds } from '@tidewatch/shared/farm-kinds';
import { Badge, ErrorBanner, InlineError, Page, PanelBoundary } from '../../../components/index.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { describeFarmStatus, farmStatus } from '../../../lib/farm-status.ts';
import { formatPair, formatPercent, shortenAddress } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { statusPolling } from '../../../lib/status-polling.ts';
import { useWallet, WalletConnectControl } from '../../../lib/wallet/index.ts';
import { PositionBooksPanel } from '../../books/index.ts';
import { farmDetailQueryOptions } from '../api/get-farm-detail.ts';
import { trackedSummaryQueryOptions } from '../api/get-tracked-summary.ts';
import { pickDetailAccount } from '../detail-account.ts';
import { isFarmAddress, notAFarmAddressMessage } from '../farm-address.ts';
import { sourceChangeText, tokenSymbolsOf } from '../price-source-text.ts';
import { DownloadCsvButton } from './download-csv-button.tsx';
import { FarmLinks } from './farm-links.tsx';
import { FarmLoading } from './farm-loading.tsx';
import { LazyPositionActions } from './position-actions-lazy.tsx';
import { positionFromDetail } from './position-actions-position.ts';
import { PositionChart } from './position-chart.tsx';
import { PriceChoicePanel } from './price-choice-panel.tsx';
import { ReturnsPanel } from './returns-panel.tsx';
import { FarmSnapshotFigures, PoolSnapshotFigures, PositionFigures } from './snapshot-figures.tsx';
import { TrackFromDetail } from './track-from-detail.tsx';

export type FarmDetailScreenProps = {
  farmAddress: string;
  /** /farm/{address} needs a connected wallet (spec route table). */
  requiresWallet?: boolean;
};

/**
 * Whose position to show: the connected wallet when the user tracks the farm with it, else the first wallet
 * tracking it. A position is private to the user tracking it, so without a session, or without tracking,
 * the detail is the farm's public figures only. Not ready while the tracking list is still loading.
 */
function useDetailAccount(farmAddress: string): { account: string | undefined; isReady: boolean } {
  const token = useSessionToken();
  const wallet = useWallet();
  const connected = wallet.isConnected ? (wallet.publicAddress ?? undefined) : undefined;
  const summary = useQuery({ ...trackedSummaryQueryOptions(), enabled: Boolean(token) });
  if (!token) return { account: undefined, isReady: true };
  if (summary.isPending) return { account: undefined, isReady: false };
  const account = pickDetailAccount(summary.data, farmAddress, connected);
  return { account, isReady: true };
}

/** Spec screen 6: a farm, its links and snapshots, and the account's position history with a chart. */
export function FarmDetailScreen({ farmAddress, requiresWallet = false }: FarmDetailScreenProps) {
  const wallet = useWallet();
  if (requiresWallet && !wallet.isConnected) {
    return (
      <Page title="farm">
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">connect a wallet to view this farm</p>
        <WalletConnectControl />
      </Page>
    );
  }
  return <FarmDetailLoader farmAddress={farmAddress} />;
}

function FarmDetailLoader({ farmAddress }: { farmAddress: string }) {
  const { account, isReady } = useDetailAccount(farmAddress);
  const isAddress = isFarmAddress(farmAddress);
  const query = useQuery({
    ...farmDetailQueryOptions(farmAddress, account),
    enabled: isReady && isAddress,
    // While its history is being built, the page follows it (issue 43, finding 4).
    refetchInterval: (q) =>
      q.state.data?.history?.status === 'pending' || q.state.data?.history?.status === 'running'
        ? statusPolling.historyMs
        : false,
  });
  if (!isAddress) {
    return (
      <Page title="farm details">
        <ErrorBanner messages={notAFarmAddressMessage(farmAddress)} />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title="farm details">
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  if (!query.data) return <FarmLoading />;
  return <FarmDetailView detail={query.data} />;
}

function FarmDetailView({ detail }: { detail: FarmDetail }) {
  // Choosing a token's price source is for a signed-in user; the figures themselves are public.
  const isSignedIn = Boolean(useSessionToken());
  const { kind } = detail.farm;
  const pair = formatPair(detail.pool);
  const snapshot = detail.farm.snapshot;
  // The schema's union keeps positions typed by kind; a plain array is enough for display.
  const positions: FarmDetail['farm_position_snapshots'][number][] = detail.farm_position_snapshots;
  const newestFirst = [...positions].sort((a, b) => Date.parse(b.created_on) - Date.parse(a.created_on));
  const tokenSymbols = tokenSymbolsOf(detail);
  const actionPosition = positionFromDetail(detail);
  return (
    <Page title={pair} description={`${farmKinds[kind].name} farm`}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs text-slate-500 dark:text-slate-400">
            farm {detail.farm.address}
          </span>
          {snapshot ? <Badge>APR {formatPercent(snapshot.apr)}</Badge> : null}
          {snapshot && farmStatus(snapshot) !== 'active' ? (
            <Badge className="bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-200">
              {describeFarmStatus(snapshot)}
            </Badge>
          ) : null}
        </div>
        <FarmLinks kind={kind} item={detail} showDetails={false} />
        <div className="grid gap-2 md:grid-cols-2">
          <PoolSnapshotFigures item={detail} heading="h2" />
          <FarmSnapshotFigures item={detail} heading="h2" />
        </div>
        {detail.history?.message ? (
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
            {detail.history.message}
          </p>
        ) : null}
        {detail.returns || detail.books ? (
          // Against holding beside the accountant's view ("the books", issue 35): two answers to 'did it pay?'.
          <div className="grid gap-2 md:grid-cols-2">
            {detail.returns ? (
              <PanelBoundary name="returns">
                <ReturnsPanel returns={detail.returns} />
              </PanelBoundary>
            ) : null}
            {detail.books ? (
              <PanelBoundary name="books">
                <PositionBooksPanel books={detail.books} />
              </PanelBoundary>
            ) : null}
          </div>
        ) : null}
        <section aria-label="position snapshots" className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">
              position snapshots
              {detail.account_address ? (
                <span className="ml-2 font-mono text-xs font-normal text-slate-500 dark:text-slate-400">
                  {shortenAddress(detail.account_address)}
                </span>
              ) : null}
            </h2>
            {detail.account_address && newestFirst.length > 0 ? (
              <DownloadCsvButton farmAddress={detail.farm.address} account={detail.account_address} />
            ) : null}
          </div>
          {actionPosition ? <LazyPositionActions position={actionPosition} /> : null}
          {newestFirst.length === 0 ? (
            detail.account_address ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">no position snapshots yet</p>
            ) : (
              <TrackFromDetail kind={kind} farmAddress={detail.farm.address} />
            )
          ) : (
            <>
              <PanelBoundary name="chart">
                <PositionChart chart={detail.chart} />
              </PanelBoundary>
              <ol className="space-y-2">
                {newestFirst.map((position, index) => (
                  <li
                    key={`${position.created_on}-${position.block_number}`}
                    className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
                  >
                    <p className="mb-1 text-xs text-slate-500 dark:text-slate-400">
                      <RelativeTime time={position.created_on} /> · block {position.block_number}
                    </p>
                    {position.price_source_changed ? (
                      <p className="mb-1 text-xs text-amber-800 dark:text-amber-300">
                        ▼{' '}
                        {sourceChangeText(
                          newestFirst[index + 1]?.price_sources,
                          position.price_sources,
                          tokenSymbols,
                        )}
                      </p>
                    ) : null}
                    <dl className="space-y-0.5">
                      <PositionFigures farm={detail.farm} position={position} />
                    </dl>
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
        {isSignedIn ? (
          <PanelBoundary name="prices" resetKeys={[detail.farm.address]}>
            <PriceChoicePanel farmAddress={detail.farm.address} />
          </PanelBoundary>
        ) : null}
      </div>
    </Page>
  );
}
