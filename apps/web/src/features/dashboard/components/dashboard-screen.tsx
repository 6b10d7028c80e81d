import { type FarmKind, farmKindList, farmKinds } from '@tidewatch/shared/farm-kinds';
import { v3Tool } from '@tidewatch/shared/v3-tool';
import type { ReactNode } from 'react';
import { Collapsible, Page, PanelBoundary } from '../../../components/index.ts';

export type DashboardScreenProps = {
  /** The collapsible wallet summary (screen 10/11). */
  walletSummary: ReactNode;
  /** Value, 24-hour change and profit and loss over every tracked position. */
  portfolioTotals?: ReactNode;
  /** The contents of a farm kind's section of tracked farms ('LP Mining farms', 'Dual Mining farms'). */
  trackedFarms: (kind: FarmKind) => ReactNode;
  /** The contents of the third section, the tracked V3 positions ('V3 positions', issue 34). */
  v3Positions?: ReactNode;
  /** The 'connect wallet to your account' list at the bottom. */
  connectWallets: ReactNode;
  /** What the user's wallets still have in ended farms. */
  leftInEndedFarms?: ReactNode;
};

/**
 * Spec screen 10: wallet summary, the Liquidity Provider summary with a section per farm kind and one for the
 * V3 positions, and the list to connect a wallet at the bottom. Every panel is open by default. The app layer
 * fills the slots (features do not import each other).
 */
export function DashboardScreen({
  walletSummary,
  portfolioTotals,
  trackedFarms,
  v3Positions,
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
            {farmKindList.map((kind) => {
              const { summaryHeading, routeSegment } = farmKinds[kind];
              return (
                <Collapsible
                  key={kind}
                  title={summaryHeading}
                  panelId={`dashboard-${routeSegment}`}
                  className="shadow-none"
                >
                  <PanelBoundary name={summaryHeading}>{trackedFarms(kind)}</PanelBoundary>
                </Collapsible>
              );
            })}
            {v3Positions ? (
              <Collapsible
                title={v3Tool.summaryHeading}
                panelId={`dashboard-${v3Tool.routeSegment}`}
                className="shadow-none"
              >
                <PanelBoundary name={v3Tool.summaryHeading}>{v3Positions}</PanelBoundary>
              </Collapsible>
            ) : null}
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
