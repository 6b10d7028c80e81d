import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, InlineError, Spinner } from '../../../components/index.ts';
import { formatPair } from '../../../lib/format.ts';
import { type Tool, toolsQueryOptions } from '../api/get-tools.ts';
import { V3ProductTreeItem, V3ProductView, v3ToolId } from './v3-product.tsx';

type ToolFarm = Tool['products'][number]['farms'][number];

/** A farm as 'token0 / token1', opening its view under the tool and product. */
function FarmViewLink({
  toolId,
  productName,
  farm,
}: {
  toolId: string;
  productName: string;
  farm: ToolFarm;
}) {
  return (
    <Link
      to={paths.lpTools.getHref('view', toolId, productName, farm.address)}
      className="text-sky-700 hover:underline dark:text-sky-300"
    >
      {formatPair(farm.pool)}
    </Link>
  );
}

/**
 * Spec screen 14's left pane: tool name (opens its view), products with 'add', farms 'token0 / token1'; under
 * QuickSwap, the V3 positions tool with the tracked positions '#id token0 / token1' (issue 34).
 */
export function ToolsTree() {
  const query = useQuery(toolsQueryOptions());
  const navigate = useNavigate();
  if (query.isPending) return <Spinner label="loading tools" />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <nav aria-label="LP tools">
      <ul className="space-y-3 text-sm">
        {query.data.map((tool) => (
          <li key={tool.id}>
            <Link
              to={paths.lpTools.getHref('view', tool.id)}
              className="font-semibold text-slate-900 hover:underline dark:text-slate-100"
            >
              {tool.name}
            </Link>
            <ul className="mt-1 space-y-2 pl-3">
              {tool.products.map((product) => (
                <li key={product.name}>
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-slate-700 dark:text-slate-300">{product.name}</span>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`add ${product.name} farm`}
                      onClick={() => navigate(paths.lpTools.getHref('add', tool.id, product.name))}
                    >
                      add
                    </Button>
                  </div>
                  <ul className="space-y-0.5 pl-3">
                    {product.farms.map((farm) => (
                      <li key={farm.address}>
                        <FarmViewLink toolId={tool.id} productName={product.name} farm={farm} />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
              {tool.id === v3ToolId ? <V3ProductTreeItem /> : null}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /lp-tools/view/{tool}: the tool's products and their farms; 'no guides' for an unknown tool. */
export function ToolView({ toolId }: { toolId: string }) {
  const query = useQuery(toolsQueryOptions());
  if (query.isPending) return <Spinner label="loading tools" />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  const tool: Tool | undefined = query.data.find((candidate) => candidate.id === toolId);
  if (!tool) return <NoGuides />;
  return (
    <section aria-label={tool.name} className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{tool.name}</h2>
      {tool.products.map((product) => (
        <div key={product.name}>
          <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-200">{product.name}</h3>
          {product.farms.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">no farms imported yet</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {product.farms.map((farm) => (
                <li key={farm.address}>
                  <FarmViewLink toolId={tool.id} productName={product.name} farm={farm} />{' '}
                  <span className="font-mono text-xs text-slate-500 dark:text-slate-400">{farm.address}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {tool.id === v3ToolId ? <V3ProductView /> : null}
    </section>
  );
}

export function NoGuides() {
  return <p className="text-sm text-slate-600 dark:text-slate-400">no guides</p>;
}
