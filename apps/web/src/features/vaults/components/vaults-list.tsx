import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { InlineError, PanelBoundary, Spinner } from '../../../components/index.ts';
import { useSessionToken } from '../../../lib/session.ts';
import {
  connectedWalletsQueryOptions,
  selectPolygonWallets,
} from '../../wallets/api/get-connected-wallets.ts';
import { WalletHoldings } from './wallet-holdings.tsx';

const quiet = 'text-sm text-slate-600 dark:text-slate-400';
const linkClass = 'font-medium text-sky-700 hover:underline dark:text-sky-300';

/**
 * Every saved and watch-only Polygon wallet of the user, each with its vault shares, lair and syrup stakes;
 * `renderWalletExtras` adds what another feature shows of the wallet (its Merkl rewards, composed in app/).
 */
export function VaultsList({
  renderWalletExtras,
}: {
  renderWalletExtras?: (walletAddress: string) => ReactNode;
} = {}) {
  const token = useSessionToken();
  const wallets = useQuery({
    ...connectedWalletsQueryOptions(),
    select: selectPolygonWallets,
    enabled: !!token,
  });
  if (!token) {
    return (
      <p className={quiet}>
        <Link to={paths.login.getHref({ next: paths.vaultsTool.getHref() })} className={linkClass}>
          log in
        </Link>{' '}
        to see what your saved wallets hold in vaults, the Dragon's Lair and the syrup pools
      </p>
    );
  }
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
        <PanelBoundary key={wallet.id} name="wallet holdings">
          <WalletHoldings wallet={wallet} extras={renderWalletExtras?.(wallet.address)} />
        </PanelBoundary>
      ))}
    </div>
  );
}
