import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen.tsx';
import { TrackedFarmsSummary } from '../../features/farms/components/lp-summary.tsx';
import { PortfolioTotals } from '../../features/farms/components/portfolio-totals.tsx';
import { WalletCatalogue } from '../../features/wallets/components/wallet-catalogue.tsx';
import { WalletSummaryPanel } from '../../features/wallets/components/wallet-list.tsx';

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
