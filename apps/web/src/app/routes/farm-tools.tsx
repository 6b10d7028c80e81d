import { type FarmKind, farmKinds } from '@tidewatch/shared/farm-kinds';
import type { ComponentType } from 'react';
import { Page, PanelBoundary } from '../../components/index.ts';
import { FarmIndex } from '../../features/discovery/components/farm-index.tsx';
import { FarmList } from '../../features/farms/components/farm-list.tsx';
import { ImportWizard } from '../../features/import-wizard/components/import-wizard.tsx';
import { WalletConnectControl } from '../../lib/wallet/index.ts';

/** Spec screen 3: heading, wallet connect control, 'let's get started' with the import wizard, farm list. */
function ToolScreen({ kind }: { kind: FarmKind }) {
  const { routeSegment, toolHeading } = farmKinds[kind];
  return (
    <Page title={toolHeading}>
      <div className="space-y-6">
        <WalletConnectControl />
        <section
          aria-labelledby={`${routeSegment}-start`}
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <h2
            id={`${routeSegment}-start`}
            className="mb-3 text-base font-semibold text-slate-900 dark:text-slate-100"
          >
            let's get started
          </h2>
          <PanelBoundary name="import wizard">
            <ImportWizard kind={kind} />
          </PanelBoundary>
        </section>
        <FarmList
          kind={kind}
          everyFarm={
            <PanelBoundary name="farm index">
              <FarmIndex kind={kind} />
            </PanelBoundary>
          }
        />
      </div>
    </Page>
  );
}

/** Each kind's tool screen, for the route table (one route per kind, so the kind is in the route). */
export const farmToolRoutes = {
  lp: () => <ToolScreen kind="lp" />,
  dual: () => <ToolScreen kind="dual" />,
} satisfies Record<FarmKind, ComponentType>;
