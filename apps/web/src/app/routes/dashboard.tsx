import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen.tsx';
import { portfolioQueryOptions } from '../../features/farms/api/get-portfolio.ts';
import { trackedSummaryQueryOptions } from '../../features/farms/api/get-tracked-summary.ts';
import { TrackedFarmsSummary } from '../../features/farms/components/lp-summary.tsx';
import { PortfolioTotals } from '../../features/farms/components/portfolio-totals.tsx';
import { connectedWalletsQueryOptions } from '../../features/wallets/api/get-connected-wallets.ts';
import { walletCatalogueQueryOptions } from '../../features/wallets/api/get-wallet-catalogue.ts';
import { WalletCatalogue } from '../../features/wallets/components/wallet-catalogue.tsx';
import { WalletSummaryPanel } from '../../features/wallets/components/wallet-list.tsx';
import { getSessionToken } from '../../lib/session.ts';
import { getPageQueryClient } from '../provider.tsx';

/**
 * Loader of /dashboard: fetches every panel's data beside the session check (the router runs both loaders at
 * once), so the screen's first render shows its content instead of four spinners that are then replaced (one
 * round trip less, and nothing shifts). A failed fetch is left to its panel, which shows the error and a
 * retry; without a token the session guard sends the visitor to log in and nothing is asked for.
 */
export async function dashboardLoader(): Promise<null> {
  if (!getSessionToken()) return null;
  const client = getPageQueryClient();
  await Promise.all([
    client.prefetchQuery(portfolioQueryOptions()),
    client.prefetchQuery(connectedWalletsQueryOptions()),
    client.prefetchQuery(trackedSummaryQueryOptions()),
    client.prefetchQuery(walletCatalogueQueryOptions()),
  ]);
  return null;
}

/** /dashboard: the app layer composes the wallets and farms features into the dashboard's slots. */
export function DashboardRoute() {
  return (
    <DashboardScreen
      walletSummary={<WalletSummaryPanel />}
      portfolioTotals={<PortfolioTotals />}
      lpMiningFarms={<TrackedFarmsSummary kind="lp" />}
      dualMiningFarms={<TrackedFarmsSummary kind="dual" />}
      connectWallets={<WalletCatalogue />}
    />
  );
}
