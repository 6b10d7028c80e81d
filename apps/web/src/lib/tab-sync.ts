import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** One channel per origin: every open tab of the app listens on it. */
const channelName = 'tidewatch:query-invalidation';

/**
 * Query keys carried under `field` of a message or a mutation's meta, or null when it holds none. A plain
 * check, not a zod schema: this module is in the start-up bundle, which carries no zod (decision 016).
 */
function queryKeysIn(value: unknown, field: 'invalidate' | 'otherTabsInvalidate'): QueryKey[] | null {
  if (typeof value !== 'object' || value === null) return null;
  const keys: unknown = (value as Record<string, unknown>)[field];
  const isKeyList =
    Array.isArray(keys) && keys.every((key) => Array.isArray(key) && (key as unknown[]).length > 0);
  return isKeyList ? (keys as QueryKey[]) : null;
}

/**
 * A mutation's `meta` naming the query keys (from the features' key factories) the other open tabs refetch
 * once it succeeds; the tab that made the change invalidates its own in `onSuccess` as before.
 *
 * @example useMutation({ mutationFn, meta: invalidateInOtherTabs(walletKeys.saved()), onSuccess })
 */
export const invalidateInOtherTabs = (...keys: QueryKey[]) => ({ otherTabsInvalidate: keys });

/**
 * Joins a tab's query client to the app's other open tabs (BroadcastChannel): a mutation that succeeds
 * here tells them which keys to invalidate, and what they tell is invalidated here (never passed on, so a
 * message cannot go round). Without BroadcastChannel a tab catches up when it gets the focus again.
 * Returns the function that leaves.
 */
export function connectTabs(queryClient: QueryClient): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    for (const queryKey of queryKeysIn(event.data, 'invalidate') ?? []) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  const stopWatching = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const keys = queryKeysIn(event.mutation.meta, 'otherTabsInvalidate');
    if (keys) channel.postMessage({ invalidate: keys });
  });
  return () => {
    stopWatching();
    channel.close();
  };
}
