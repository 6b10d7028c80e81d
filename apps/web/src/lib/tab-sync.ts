import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { z } from 'zod';

/** One channel per origin: every open tab of the app listens on it. */
const channelName = 'tidewatch:query-invalidation';

const queryKeysSchema = z.array(z.array(z.unknown()).min(1));
const tabMessageSchema = z.object({ invalidate: queryKeysSchema });
const mutationMetaSchema = z.object({ otherTabsInvalidate: queryKeysSchema });

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
    const message = tabMessageSchema.safeParse(event.data);
    if (!message.success) return;
    for (const queryKey of message.data.invalidate) void queryClient.invalidateQueries({ queryKey });
  };
  const stopWatching = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const meta = mutationMetaSchema.safeParse(event.mutation.meta);
    if (meta.success) channel.postMessage({ invalidate: meta.data.otherTabsInvalidate });
  });
  return () => {
    stopWatching();
    channel.close();
  };
}
