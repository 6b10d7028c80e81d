import { useQuery } from '@tanstack/react-query';
import { v3Tool } from '@tidewatch/shared/v3-tool';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button, InlineError, Spinner } from '../../../components/index.ts';
import { formatPair } from '../../../lib/format.ts';
import { trackedPositionsQueryOptions } from '../../v3-positions/api/get-tracked-positions.ts';

/** The tool the V3 positions belong to in the tree (QuickSwap's id in GET /api/lp-tools/tools). */
export const v3ToolId = 'quickswap';

const linkClass = 'text-sky-700 hover:underline dark:text-sky-300';

/** The user's tracked positions, each once (a position tracked with two wallets is one entry here). */
function useTrackedPositions() {
  return useQuery({
    ...trackedPositionsQueryOptions(),
    select: ({ positions }) => [...new Map(positions.map((p) => [p.token_id, p])).values()],
  });
}

function PositionLinks({ withIds = false }: { withIds?: boolean }) {
  const query = useTrackedPositions();
  if (query.isPending) return <Spinner size="sm" label="loading positions" />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">no positions tracked yet</p>;
  }
  return (
    <ul className="space-y-0.5 text-sm">
      {query.data.map((tracked) => (
        <li key={tracked.token_id}>
          <Link
            to={paths.lpTools.getHref('view', v3ToolId, v3Tool.routeSegment, tracked.token_id)}
            className={linkClass}
          >
            #{tracked.token_id} {formatPair(tracked.pool)}
          </Link>
          {withIds ? (
            <span className="ml-1 font-mono text-xs text-slate-500 dark:text-slate-400">
              {tracked.pool.address}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The tree's 'v3-positions' product: 'add' (open a position by id or link) and the tracked positions. */
export function V3ProductTreeItem() {
  const navigate = useNavigate();
  return (
    <li>
      <div className="flex items-center justify-between gap-2">
        <span className="text-slate-700 dark:text-slate-300">{v3Tool.routeSegment}</span>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`add ${v3Tool.routeSegment} position`}
          onClick={() => navigate(paths.lpTools.getHref('add', v3ToolId, v3Tool.routeSegment))}
        >
          add
        </Button>
      </div>
      <div className="pl-3">
        <PositionLinks />
      </div>
    </li>
  );
}

/** The tool view's 'v3-positions' part: the tracked positions with their pools. */
export function V3ProductView() {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-200">{v3Tool.routeSegment}</h3>
      <div className="mt-1">
        <PositionLinks withIds />
      </div>
    </div>
  );
}
