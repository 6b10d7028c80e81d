import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppError } from '@tidewatch/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { connectTabs } from '../lib/tab-sync.ts';
import { WalletProvider } from '../lib/wallet/index.ts';

/** Retrying a 4xx repeats the same refusal; retry only what may pass next time (network, timeout, 5xx). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof AppError) return error.statusCode >= 500 || error.code === 'TIMEOUT';
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let pageQueryClient: QueryClient | undefined;

/**
 * The page's one query client: the app's providers use it unless given another, and route loaders fill it
 * before a screen renders (the dashboard's data is fetched beside the session check, decision 016).
 */
export function getPageQueryClient(): QueryClient {
  pageQueryClient ??= createQueryClient();
  return pageQueryClient;
}

/**
 * App-wide providers: server state (TanStack Query), joined to the app's other open tabs so a change made in
 * one shows in the others, and the one shared wallet context.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? getPageQueryClient());
  useEffect(() => connectTabs(client), [client]);
  return (
    <QueryClientProvider client={client}>
      <WalletProvider>{children}</WalletProvider>
    </QueryClientProvider>
  );
}
