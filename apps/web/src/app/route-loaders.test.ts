import { createMemoryRouter, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { farmAddress, lpItem, walletAddress } from '../features/farms/testing/fixtures.ts';
import { api } from '../lib/api-client.ts';
import { setSessionToken } from '../lib/session.ts';
import { type FakeRequest, installFakeFetch } from '../test/fake-fetch.ts';
import { paths } from './paths.ts';
import { getPageQueryClient } from './provider.tsx';
import { routes } from './router.tsx';

/**
 * The app's route table with every screen's module held back for good, as on a slow connection: whatever the
 * router asks the server for from this table, it asks without waiting for a screen's code to arrive and run.
 */
function withScreensHeldBack(table: RouteObject[]): RouteObject[] {
  return table.map(
    (route) =>
      ({
        ...route,
        ...(route.lazy ? { lazy: () => new Promise(() => {}) } : {}),
        ...(route.children ? { children: withScreensHeldBack(route.children) } : {}),
      }) as RouteObject,
  );
}
const heldBack = withScreensHeldBack(routes);

const session = {
  session: {
    user: { id: 1, email: 'lp@example.com', has_password: true, wallet_address: null },
    expiresAt: '2099-01-01T00:00:00.000Z',
  },
};

// The API calls made and not yet settled (answered and checked, or failed).
const unsettled = new Set<Promise<unknown>>();
beforeEach(() => {
  const get = api.get;
  vi.spyOn(api, 'get').mockImplementation(((path, options) => {
    const call = get(path, options);
    unsettled.add(call);
    call.then(
      () => unsettled.delete(call),
      () => unsettled.delete(call),
    );
    return call;
  }) as typeof api.get);
});

/**
 * The GET paths asked for (the CSRF start-up call aside), once every call has settled. The first answer's
 * check loads zod and the farms' schemas on first use, which can take a while on a busy machine.
 */
async function getsOnceAnswered(calls: FakeRequest[]): Promise<string[]> {
  await vi.waitFor(
    () => {
      expect(calls.some((call) => call.path !== '/internal/csrf_cookie')).toBe(true);
      expect(unsettled.size).toBe(0);
      expect(getPageQueryClient().isFetching()).toBe(0);
    },
    { timeout: 10_000 },
  );
  return calls.filter((c) => c.method === 'GET' && c.path !== '/internal/csrf_cookie').map((c) => c.path);
}

/** Every loader has settled, and the router still waits for the screen's module: it has not finished. */
function expectStillWaitingForTheScreen(router: ReturnType<typeof createMemoryRouter>, href: string): void {
  expect(router.state.location.pathname).toBe(href);
  expect(router.state.initialized).toBe(false);
  router.dispose();
}

describe("route loaders ask for a screen's data beside its code, not after it", () => {
  it("asks for every dashboard panel's data beside the session check while the screen is still on its way", async () => {
    setSessionToken('token-123');
    const calls = installFakeFetch((request) =>
      request.path === '/internal/token/session' ? { body: session } : undefined,
    );
    const href = paths.dashboard.getHref();
    const router = createMemoryRouter(heldBack, { initialEntries: [href] });

    const asked = await getsOnceAnswered(calls);
    expect(asked.sort()).toEqual([
      '/blockchains/wallets',
      '/internal/token/session',
      '/quickswap/portfolio',
      '/quickswap/tracked-summary',
      '/quickswap/v3/tracked-positions',
      '/wallets/connected',
    ]);
    expectStillWaitingForTheScreen(router, href);
  });

  it("asks for a tracked farm's detail with its tracking wallet while the screen is still on its way", async () => {
    setSessionToken('token-123');
    const calls = installFakeFetch((request) =>
      request.path === '/quickswap/tracked-summary'
        ? { body: { lp_mining: [lpItem({ account_address: walletAddress })], dual_mining: [] } }
        : undefined,
    );
    const href = paths.farmDetails.getHref('lp', farmAddress);
    const router = createMemoryRouter(heldBack, { initialEntries: [href] });

    const asked = await getsOnceAnswered(calls);
    const detail = `/quickswap/farm/details/${farmAddress}?account=${encodeURIComponent(walletAddress)}`;
    expect(asked).toEqual(['/quickswap/tracked-summary', detail]);
    expectStillWaitingForTheScreen(router, href);
  });

  it("asks a visitor's browser for the farm's public detail only", async () => {
    const calls = installFakeFetch();
    const href = paths.farmDetails.getHref('lp', farmAddress);
    const router = createMemoryRouter(heldBack, { initialEntries: [href] });

    const asked = await getsOnceAnswered(calls);
    expect(asked).toEqual([`/quickswap/farm/details/${farmAddress}`]);
    expectStillWaitingForTheScreen(router, href);
  });
});
