import { useQuery } from '@tanstack/react-query';
import { isSameAddress } from '@tidewatch/shared/same-address';
import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen.tsx';
import { LeftInEndedFarms } from '../../features/discovery/components/left-in-ended-farms.tsx';
import { TrackedFarmsSummary } from '../../features/farms/components/lp-summary.tsx';
import { PortfolioTotals } from '../../features/farms/components/portfolio-totals.tsx';
import { V3PositionsSummary } from '../../features/v3-positions/components/v3-summary.tsx';
import { connectedWalletsQueryOptions } from '../../features/wallets/api/get-connected-wallets.ts';
import { WalletCatalogue } from '../../features/wallets/components/wallet-catalogue.tsx';
import { WalletSummaryPanel } from '../../features/wallets/components/wallet-list.tsx';

/** The ended-farms panel, its wallets linked to their pages (the wallets feature knows their ids). */
function EndedFarmsPanel() {
  const wallets = useQuery(connectedWalletsQueryOptions());
  const walletIdOf = (address: string) =>
    wallets.data?.wallets.find((w) => isSameAddress(w.address, address))?.id;
  return <LeftInEndedFarms walletIdOf={walletIdOf} />;
}

/** /dashboard: the app layer composes the wallets and farms features into the dashboard's slots. */
export function DashboardRoute() {
  return (
    <DashboardScreen
      leftInEndedFarms={<EndedFarmsPanel />}
      walletSummary={<WalletSummaryPanel />}
      portfolioTotals={<PortfolioTotals />}
      trackedFarms={(kind) => <TrackedFarmsSummary kind={kind} />}
      v3Positions={<V3PositionsSummary />}
      connectWallets={<WalletCatalogue />}
    />
  );
}
