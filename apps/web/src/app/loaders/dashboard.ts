import { portfolioQueryOptions } from '../../features/farms/api/get-portfolio.ts';
import { trackedSummaryQueryOptions } from '../../features/farms/api/get-tracked-summary.ts';
import { trackedPositionsQueryOptions } from '../../features/v3-positions/api/get-tracked-positions.ts';
import { connectedWalletsQueryOptions } from '../../features/wallets/api/get-connected-wallets.ts';
import { walletCatalogueQueryOptions } from '../../features/wallets/api/get-wallet-catalogue.ts';
import { getSessionToken } from '../../lib/session.ts';
import { yieldToMain } from '../../lib/yield-to-main.ts';
import { getPageQueryClient } from '../provider.tsx';

/**
 * Loader of /dashboard: fetches every panel's data beside the session check and the screen's chunk (the
 * router runs both loaders and the chunk's import at once; this module is in the start-up bundle, and the
 * answers' schemas load with them). The screen's first render shows its content instead of spinners that
 * are then replaced (nothing shifts), and the data does not wait for the screen's code to arrive and run. A
 * failed fetch is left to its panel, which shows the error and a retry; without a token the session guard
 * sends the visitor to log in and nothing is asked for.
 */
export async function dashboardLoader(): Promise<null> {
  if (!getSessionToken()) return null;
  const client = getPageQueryClient();
  const prefetches = [
    () => client.prefetchQuery(portfolioQueryOptions()),
    () => client.prefetchQuery(connectedWalletsQueryOptions()),
    () => client.prefetchQuery(trackedSummaryQueryOptions()),
    () => client.prefetchQuery(walletCatalogueQueryOptions()),
    () => client.prefetchQuery(trackedPositionsQueryOptions()),
  ];
  const started: Promise<void>[] = [];
  for (const prefetch of prefetches) {
    // Each request is built and sent in a task of its own: at a phone's speed the five together with the
    // router's start-up were one task long enough to block input (decision 016).
    await yieldToMain();
    started.push(prefetch());
  }
  await Promise.all(started);
  return null;
}
