import { Page, PanelBoundary } from '../../components/index.ts';
import { FarmIndex } from '../../features/discovery/components/farm-index.tsx';
import { FarmList } from '../../features/farms/components/farm-list.tsx';
import { type FarmProduct, productLabels } from '../../features/farms/product.ts';
import { ImportWizard } from '../../features/import-wizard/components/import-wizard.tsx';
import { WalletConnectControl } from '../../lib/wallet/index.ts';

const variantOf = { 'lp-mining': 'lp', 'dual-mining': 'dual' } as const;

/** Spec screen 3: heading, wallet connect control, 'let's get started' with the import wizard, farm list. */
function ToolScreen({ product }: { product: FarmProduct }) {
  return (
    <Page title={productLabels[product].heading}>
      <div className="space-y-6">
        <WalletConnectControl />
        <section
          aria-labelledby={`${product}-start`}
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <h2
            id={`${product}-start`}
            className="mb-3 text-base font-semibold text-slate-900 dark:text-slate-100"
          >
            let's get started
          </h2>
          <PanelBoundary name="import wizard">
            <ImportWizard variant={variantOf[product]} />
          </PanelBoundary>
        </section>
        <FarmList
          product={product}
          everyFarm={
            <PanelBoundary name="farm index">
              <FarmIndex kind={variantOf[product]} />
            </PanelBoundary>
          }
        />
      </div>
    </Page>
  );
}

export function LpMiningRoute() {
  return <ToolScreen product="lp-mining" />;
}

export function DualMiningRoute() {
  return <ToolScreen product="dual-mining" />;
}
