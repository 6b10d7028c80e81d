import { type QueryKey, queryOptions } from '@tanstack/react-query';

/**
 * The fetcher behind an API query, kept on its options: the query-key test groups every factory's options by
 * key and fails when one key is filled by two fetchers (two shapes under one key crashed the screen that read
 * the other's answer, issue 28).
 */
export type ApiQueryMeta = { fetcher: (...args: never) => Promise<unknown> };

export type ApiQueryDefinition<Args extends readonly unknown[], Data, Key extends QueryKey> = {
  /** From the owning feature's key factory (api/keys.ts), never a literal. */
  queryKey: Key;
  /** The feature's fetcher for the endpoint; it takes `args` then the query's AbortSignal. */
  fetcher: (...args: [...Args, AbortSignal]) => Promise<Data>;
  args: Args;
  staleTime?: number;
  refetchInterval?: number;
  /**
   * Fetch again, once stale, when the person comes back to the tab: for answers another tab or device can
   * change (the app's default is off).
   */
  refetchOnWindowFocus?: boolean;
};

/**
 * TanStack Query options for one API call. The data is exactly what the fetcher returns: a screen that needs
 * another shape derives it with `select`, so the cache under a key always holds one shape.
 *
 * @example
 * export const connectedWalletsQueryOptions = () =>
 *   apiQueryOptions({ queryKey: walletKeys.connected(), fetcher: getConnectedWallets, args: [] });
 */
export function apiQueryOptions<const Args extends readonly unknown[], Data, Key extends QueryKey>({
  queryKey,
  fetcher,
  args,
  ...options
}: ApiQueryDefinition<Args, Data, Key>) {
  const meta: ApiQueryMeta = { fetcher };
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetcher(...args, signal),
    meta,
    ...options,
  });
}
