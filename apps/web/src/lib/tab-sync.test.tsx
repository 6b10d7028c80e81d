import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/provider.tsx';
import { alertSettingsQueryOptions, useSaveAlertSettings } from '../features/alerts/api.ts';
import { polygonWallet } from '../features/farms/testing/fixtures.ts';
import { connectedWalletsQueryOptions } from '../features/wallets/api/get-connected-wallets.ts';
import { useRemoveWallet } from '../features/wallets/api/manage-wallets.ts';
import { installFakeFetch } from '../test/fake-fetch.ts';

/** A tab: its own query client under the app's providers, which join it to the other tabs. */
function openTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>{children}</AppProviders>
  );
  // The providers are mounted (and joined) for as long as the tab is open.
  const mounted = renderHook(() => null, { wrapper });
  return {
    queryClient,
    wrapper,
    close: () => {
      mounted.unmount();
      queryClient.clear();
    },
  };
}

const closeAfter: (() => void)[] = [];
afterEach(() => {
  for (const close of closeAfter.splice(0)) close();
});

describe('a change made in one tab shows in the other open tabs', () => {
  it('a wallet removed in one tab disappears from the list another tab shows', async () => {
    let wallets = [polygonWallet];
    installFakeFetch(({ method, path }) => {
      if (method === 'GET' && path === '/wallets/connected') return { body: { wallets } };
      if (method === 'DELETE' && path === `/wallets/${polygonWallet.id}`) {
        wallets = [];
        return { body: { wallet: polygonWallet, tracked_farms: 0, position_snapshots: 0 } };
      }
      return undefined;
    });
    const first = openTab();
    const second = openTab();
    closeAfter.push(first.close, second.close);
    // The second tab shows the saved wallets (its list stays fresh for 30 s: no refetch of its own).
    const shown = new QueryObserver(second.queryClient, connectedWalletsQueryOptions());
    closeAfter.push(shown.subscribe(() => undefined));
    await expect.poll(() => shown.getCurrentResult().data?.wallets.length).toBe(1);

    const { result } = renderHook(() => useRemoveWallet(), { wrapper: first.wrapper });
    await act(() => result.current.mutateAsync(polygonWallet.id));

    await expect.poll(() => shown.getCurrentResult().data?.wallets.length).toBe(0);
  });

  it('alert settings saved in one tab are read again by another', async () => {
    let settings = { email_enabled: true, rules: [] };
    installFakeFetch(({ method, path, body }) => {
      if (path !== '/alerts/settings') return undefined;
      if (method === 'PUT') settings = body as typeof settings;
      return { body: settings };
    });
    const first = openTab();
    const second = openTab();
    closeAfter.push(first.close, second.close);
    const shown = new QueryObserver(second.queryClient, alertSettingsQueryOptions());
    closeAfter.push(shown.subscribe(() => undefined));
    await expect.poll(() => shown.getCurrentResult().data?.email_enabled).toBe(true);

    const { result } = renderHook(() => useSaveAlertSettings(), { wrapper: first.wrapper });
    await act(() => result.current.mutateAsync({ email_enabled: false, rules: [] }));

    await expect.poll(() => shown.getCurrentResult().data?.email_enabled).toBe(false);
  });
});
