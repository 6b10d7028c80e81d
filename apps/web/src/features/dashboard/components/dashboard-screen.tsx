import type { ReactNode } from 'react';
import { Collapsible, Page, PanelBoundary } from '../../../components/index.ts';

export type DashboardScreenProps = {
  /** The collapsible wallet summary (screen 10/11). */
  walletSummary: ReactNode;
  /** Value, 24-hour change and profit and loss over every tracked position. */
  portfolioTotals?: ReactNode;
  /** Contents of the 'LP Mining farms' section. */
  lpMiningFarms: ReactNode;
  /** Contents of the 'Dual Mining farms' section. */
  dualMiningFarms: ReactNode;
  /** The 'connect wallet to your account' list at the bottom. */
  connectWallets: ReactNode;
  /** What the user's wallets still have in ended farms. */
  leftInEndedFarms?: ReactNode;
};

/**
 * Spec screen 10: wallet summary, the Liquidity Provider summary with its two sections, and the list to connect
 * a wallet at the bottom. Every panel is open by default. The app layer fills the slots (features do not import
 * each other).
 */
export function DashboardScreen({
  walletSummary,
  portfolioTotals,
  lpMiningFarms,
  dualMiningFarms,
  connectWallets,
  leftInEndedFarms,
}: DashboardScreenProps) {
  return (
    <Page title="dashboard">
      <div className="space-y-6">
        {portfolioTotals ? <PanelBoundary name="portfolio totals">{portfolioTotals}</PanelBoundary> : null}
        <PanelBoundary name="wallet summary">{walletSummary}</PanelBoundary>
        <Collapsible title="Liquidity Provider" panelId="dashboard-liquidity-provider">
          <div className="space-y-4">
            <Collapsible title="LP Mining farms" panelId="dashboard-lp-mining" className="shadow-none">
              <PanelBoundary name="LP Mining farms">{lpMiningFarms}</PanelBoundary>
            </Collapsible>
            <Collapsible title="Dual Mining farms" panelId="dashboard-dual-mining" className="shadow-none">
              <PanelBoundary name="Dual Mining farms">{dualMiningFarms}</PanelBoundary>
            </Collapsible>
          </div>
        </Collapsible>
        {leftInEndedFarms ? (
          <Collapsible title="left in ended farms" panelId="dashboard-left-in-ended-farms">
            <PanelBoundary name="left in ended farms">{leftInEndedFarms}</PanelBoundary>
          </Collapsible>
        ) : null}
        <PanelBoundary name="wallet catalogue">{connectWallets}</PanelBoundary>
      </div>
    </Page>
  );
}
