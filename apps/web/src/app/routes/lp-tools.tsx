import { farmKindOfRouteSegment } from '@tidewatch/shared/farm-kinds';
import { v3Tool } from '@tidewatch/shared/v3-tool';
import { useLocation, useParams } from 'react-router';
import { Page, PanelBoundary } from '../../components/index.ts';
import { FarmDetailScreen } from '../../features/farms/components/farm-detail.tsx';
import { ImportWizard } from '../../features/import-wizard/components/import-wizard.tsx';
import { NoGuides, ToolsTree, ToolView } from '../../features/lp-tools/components/tools-tree.tsx';
import { LookupForm } from '../../features/v3-positions/components/lookup-form.tsx';
import { paths } from '../paths.ts';
import { V3PositionDetail } from './v3-position-detail.tsx';

const v3PositionView = (tokenId: string) =>
  paths.lpTools.getHref('view', 'quickswap', v3Tool.routeSegment, tokenId);

/** The V3 positions tool's actions: a position's detail, or 'add': open one by id or link. */
function V3Action({ action, toolId }: { action: string | undefined; toolId: string | undefined }) {
  if (action === 'view' && toolId) return <V3PositionDetail tokenId={toolId} />;
  if (action === 'add' && !toolId) {
    return (
      <section aria-label="open a V3 position" className="space-y-3">
        <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">open a V3 position</h2>
        <LookupForm hrefOf={v3PositionView} />
      </section>
    );
  }
  return <NoGuides />;
}

/**
 * The right pane: /lp-tools/{action}/{tool}/{farm kind's or the V3 tool's route segment}/{toolId}. Only
 * quickswap has guides.
 */
function ActionContent() {
  const { action, tool, kindSegment, toolId } = useParams();
  if (action === 'view' && tool && !kindSegment) return <ToolView toolId={tool} />;
  if (tool === 'quickswap' && kindSegment === v3Tool.routeSegment)
    return <V3Action action={action} toolId={toolId} />;
  const kind = farmKindOfRouteSegment(kindSegment);
  if (tool === 'quickswap' && kind) {
    if (action === 'view' && toolId) return <FarmDetailScreen key={toolId} farmAddress={toolId} />;
    if (action === 'add' && !toolId) return <ImportWizard kind={kind} />;
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
