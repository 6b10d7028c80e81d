import type { LoaderFunctionArgs } from 'react-router';
import { farmDetailQueryOptions } from '../../features/farms/api/get-farm-detail.ts';
import { trackedSummaryQueryOptions } from '../../features/farms/api/get-tracked-summary.ts';
import { loadReturnsChartCanvas } from '../../features/farms/components/load-returns-chart.ts';
import { pickDetailAccount } from '../../features/farms/detail-account.ts';
import { isFarmAddress } from '../../features/farms/farm-address.ts';
import { getSessionToken } from '../../lib/session.ts';
import { yieldToMain } from '../../lib/yield-to-main.ts';
import { getPageQueryClient } from '../provider.tsx';

/**
 * Loader of /quickswap/{kind's route segment}/details/{farmAddress}: fetches what the screen's first render needs while
 * the router fetches the screen's chunk (this module is in the start-up bundle, and the answers' schemas load
 * with them), so the first render shows the farm instead of 'loading farm...' (decision 016). With a session,
 * whose position to show comes from the tracked farms first (the tracked summary needs the token, so nothing
 * is asked for without one); the farm's detail is public. The chart's library is fetched beside them when
 * there is a position to draw. A failed fetch is left to the screen, which shows the error and a retry.
 */
export async function farmDetailsLoader({ params }: LoaderFunctionArgs): Promise<null> {
  const farmAddress = params.farmAddress ?? '';
  // The screen says why an address that cannot name a farm shows nothing; there is nothing to ask for.
  if (!isFarmAddress(farmAddress)) return null;
  const client = getPageQueryClient();
  let account: string | undefined;
  // Each request is built and sent in a task of its own, after the router's start-up (decision 016).
  await yieldToMain();
  if (getSessionToken()) {
    await client.prefetchQuery(trackedSummaryQueryOptions());
    // No wallet is connected before the first render, so this is the account the screen picks then.
    account = pickDetailAccount(
      client.getQueryData(trackedSummaryQueryOptions().queryKey),
      farmAddress,
      undefined,
    );
  }
  const detailOptions = farmDetailQueryOptions(farmAddress, account);
  await yieldToMain();
  await client.prefetchQuery(detailOptions);
  const detail = client.getQueryData(detailOptions.queryKey);
  if (detail && detail.farm_position_snapshots.length > 0 && detail.chart.length > 0) {
    // The screen's Suspense and error boundary handle a chunk that fails to load.
    loadReturnsChartCanvas().catch(() => {});
  }
  return null;
}
