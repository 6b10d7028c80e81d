import { lpToolProducts } from '@tidewatch/shared';
import { useLocation, useParams } from 'react-router';
import { Page, PanelBoundary } from '../../components/index.ts';
import { FarmDetailScreen } from '../../features/farms/components/farm-detail.tsx';
import { ImportWizard } from '../../features/import-wizard/components/import-wizard.tsx';
import { NoGuides, ToolsTree, ToolView } from '../../features/lp-tools/components/tools-tree.tsx';

const variantOf = { 'lp-mining': 'lp', 'dual-mining': 'dual' } as const;
type Product = (typeof lpToolProducts)[number];
const isProduct = (value: string | undefined): value is Product =>
  (lpToolProducts as readonly string[]).includes(value ?? '');

/** The right pane: /lp-tools/{action}/{tool}/{product}/{toolId}. Only quickswap has guides. */
function ActionContent() {
  const { action, tool, product, toolId } = useParams();
  if (action === 'view' && tool && !product) return <ToolView toolId={tool} />;
  if (tool === 'quickswap' && isProduct(product)) {
    if (action === 'view' && toolId) return <FarmDetailScreen key={toolId} farmAddress={toolId} />;
    if (action === 'add' && !toolId) return <ImportWizard variant={variantOf[product]} />;
  }
  return <NoGuides />;
}

/** Spec screen 14: tools tree on the left, the action's content on the right. */
export function LpToolsRoute() {
  // A view that crashed renders again when the tree opens another one.
  const { pathname } = useLocation();
  return (
    <Page title="LP tools">
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <aside className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
          <PanelBoundary name="LP tools tree">
            <ToolsTree />
          </PanelBoundary>
        </aside>
        <div className="min-w-0">
          <PanelBoundary name="LP tools view" resetKeys={[pathname]}>
            <ActionContent />
          </PanelBoundary>
        </div>
      </div>
    </Page>
  );
}
