import { v3Tool } from '@tidewatch/shared/v3-tool';
import { Page, PanelBoundary } from '../../components/index.ts';
import { LookupForm } from '../../features/v3-positions/components/lookup-form.tsx';
import { PositionList } from '../../features/v3-positions/components/position-list.tsx';
import { WalletConnectControl } from '../../lib/wallet/index.ts';
import { paths } from '../paths.ts';

/**
 * /quickswap/v3-positions, the third tool (issue 34), laid out as the farm tools are: heading, wallet
 * connect control, a panel to start from (here: open any position by id or link) and the position list
 * with its 'All' and 'Tracked' tabs.
 */
export function V3PositionsRoute() {
  return (
    <Page title={v3Tool.toolHeading}>
      <div className="space-y-6">
        <WalletConnectControl />
        <section
          aria-labelledby="v3-positions-open"
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <h2
            id="v3-positions-open"
            className="mb-3 text-base font-semibold text-slate-900 dark:text-slate-100"
          >
            open a position
          </h2>
          <PanelBoundary name="open a position">
            <LookupForm hrefOf={paths.v3PositionDetails.getHref} />
          </PanelBoundary>
        </section>
        <PositionList />
      </div>
    </Page>
  );
}
