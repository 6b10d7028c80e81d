import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { InlineError, PanelBoundary, Spinner, Tabs } from '../../../components/index.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { useAllOrTrackedTab } from '../../../lib/use-all-or-tracked-tab.ts';
import {
  connectedWalletsQueryOptions,
  selectPolygonWallets,
} from '../../wallets/api/get-connected-wallets.ts';
import { trackedPositionsQueryOptions } from '../api/get-tracked-positions.ts';
import { TrackedPositionCard } from './tracked-position-card.tsx';
import { WalletPositions } from './wallet-positions.tsx';

const tabItems = [
  { key: 'all', label: 'All positions' },
  { key: 'tracked', label: 'Tracked positions' },
] as const;

const quiet = 'text-sm text-slate-600 dark:text-slate-400';
const linkClass = 'font-medium text-sky-700 hover:underline dark:text-sky-300';

/**
 * The tool's position list: 'All' (every position of the user's saved and watch-only wallets, one request
 * per wallet) and 'Tracked' (the tracked positions' newest snapshots), Tracked by default with a session as
 * on the farm tools.
 */
export function PositionList() {
  const token = useSessionToken();
  const [tab, setChosenTab] = useAllOrTrackedTab();
  return (
    <section aria-label="position list" className="space-y-3">
      <Tabs items={tabItems} value={tab} onChange={setChosenTab} label="positions">
        {!token ? (
          <p className={quiet}>
            <Link to={paths.login.getHref({ next: paths.v3Tool.getHref() })} className={linkClass}>
              log in
            </Link>{' '}
            {tab === 'all' ? 'to see the positions of your saved wallets' : 'to see the positions you track'}
          </p>
        ) : tab === 'all' ? (
          <AllPositions />
        ) : (
          <TrackedPositions />
        )}
      </Tabs>
    </section>
  );
}

function AllPositions() {
  const wallets = useQuery({ ...connectedWalletsQueryOptions(), select: selectPolygonWallets });
  if (wallets.isPending) return <Spinner label="loading wallets" />;
  if (wallets.isError) return <InlineError error={wallets.error} onRetry={() => void wallets.refetch()} />;
  if (wallets.data.length === 0) {
    return (
      <p className={quiet}>
        no saved Polygon wallets yet —{' '}
        <Link to={paths.dashboard.getHref()} className={linkClass}>
          connect one or add a watch-only address
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-6">
      {wallets.data.map((wallet) => (
        <PanelBoundary key={wallet.id} name="wallet positions">
          <WalletPositions wallet={wallet} />
        </PanelBoundary>
      ))}
    </div>
  );
}

function TrackedPositions() {
  const query = useQuery(trackedPositionsQueryOptions());
  if (query.isPending) return <Spinner label="loading tracked positions" />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.positions.length === 0) {
    return <p className={quiet}>you are not tracking any V3 positions yet</p>;
  }
  return (
    <div className="space-y-3">
      {query.isFetching ? <Spinner size="sm" label="updating positions" /> : null}
      {query.data.positions.map((tracked) => (
        <PanelBoundary key={tracked.id} name="position card">
          <TrackedPositionCard tracked={tracked} />
        </PanelBoundary>
      ))}
    </div>
  );
}
