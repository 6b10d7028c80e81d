import { focusManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/provider.tsx';
import { alertSettingsQueryOptions } from '../features/alerts/api.ts';
import { trackedSummaryQueryOptions } from '../features/farms/api/get-tracked-summary.ts';
import { connectedWalletsQueryOptions } from '../features/wallets/api/get-connected-wallets.ts';
import { callsTo, installFakeFetch } from '../test/fake-fetch.ts';

afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

/*
 * A change made elsewhere (another browser, a tab without BroadcastChannel) shows when the person comes
 * back to this tab: the lists others can change are fetched again on focus once their answer is stale.
 */
describe('coming back to the tab', () => {
  it.each([
    ['the saved wallets', connectedWalletsQueryOptions(), '/wallets/connected', { wallets: [] }],
    [
      'the tracked farms',
      trackedSummaryQueryOptions(),
      '/quickswap/tracked-summary',
      { lp_mining: [], dual_mining: [] },
    ],
    [
      'the alert settings',
      alertSettingsQueryOptions(),
      '/alerts/settings',
      { email_enabled: true, rules: [] },
    ],
  ] as const)('fetches %s again once they are stale', async (_name, options, path, body) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = installFakeFetch((request) => (request.path === path ? { body } : undefined));
    const queryClient = createQueryClient();
    // Listening for focus, as under the app's QueryClientProvider.
    queryClient.mount();
    // Each row has its own data type; the observer only needs the options as they are.
    const observer = new QueryObserver(queryClient, options as never);
    const stop = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().status).toBe('success');
    expect(callsTo(calls, 'GET', path)).toHaveLength(1);

    focusManager.setFocused(false);
    vi.setSystemTime(Date.now() + 5 * 60_000);
    focusManager.setFocused(true);

    await expect.poll(() => callsTo(calls, 'GET', path).length).toBe(2);
    stop();
    queryClient.unmount();
    queryClient.clear();
  });
});
