import { lazy, Suspense } from 'react';
import type { PositionActionsProps } from './position-actions.tsx';

const PositionActionsView = lazy(() =>
  import('./position-actions.tsx').then((module) => ({ default: module.PositionActions })),
);

/**
 * The actions on a position (PositionActions), fetched when a screen first shows a position: the farm list,
 * card and detail, and the dashboard that shares their chunk, keep their first load (decision 016). Nothing
 * is drawn while it loads; the actions also wait for the user's saved wallets.
 */
export function LazyPositionActions(props: PositionActionsProps) {
  return (
    <Suspense fallback={null}>
      <PositionActionsView {...props} />
    </Suspense>
  );
}
