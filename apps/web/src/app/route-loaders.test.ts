import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { farmAddress, lpItem, walletAddress } from '../features/farms/testing/fixtures.ts';
import { setSessionToken } from '../lib/session.ts';
import { installFakeFetch } from '../test/fake-fetch.ts';
import { paths } from './paths.ts';
import { routes } from './router.tsx';

// In this file the screens' modules never arrive, as on a slow connection: whatever the router asks the server
// for here, it asks without waiting for a screen's code to arrive and run.
vi.mock('./routes/dashboard.tsx', () => new Promise(() => {}));
vi.mock('./routes/farm-detail.tsx', () => new Promise(() => {}));

const session = { session: { user: { id: 1, email: 'lp@example.com' } } };

/** The GET paths asked for, once each has been asked for (the CSRF start-up call aside). */
async function waitForGets(calls: { method: string; path: string }[], expected: string[]): Promise<string[]> {
  await vi.waitFor(() => {
    const asked = calls.filter((c) => c.method === 'GET').map((c) => c.path);
    for (const path of expected) expect(asked).toContain(path);
  });
  return calls.filter((c) => c.method === 'GET' && c.path !== '/internal/csrf_cookie').map((c) => c.path);
}

describe("route loaders ask for a screen's data beside its code, not after it", () => {
  it("asks for every dashboard panel's data beside the session check while the screen is still on its way", async () => {
    setSessionToken('token-123');
    const calls = installFakeFetch((request) =>
      request.path === '/internal/token/session' ? { body: session } : undefined,
    );
    const router = createMemoryRouter(routes, { initialEntries: [paths.dashboard.getHref()] });

    const asked = await waitForGets(calls, [
      '/internal/token/session',
      '/quickswap/portfolio',
      '/wallets/connected',
      '/quickswap/tracked-summary',
      '/blockchains/wallets',
    ]);
    expect(asked).toHaveLength(5);
    // The screen's module has not arrived: the router has not rendered the dashboard yet.
    expect(router.state.initialized).toBe(false);
    router.dispose();
  });

  it("asks for a tracked farm's detail with its tracking wallet while the screen is still on its way", async () => {
    setSessionToken('token-123');
    const calls = installFakeFetch((request) =>
      request.path === '/quickswap/tracked-summary'
        ? { body: { lp_mining: [lpItem({ account_address: walletAddress })], dual_mining: [] } }
        : undefined,
    );
    const router = createMemoryRouter(routes, {
      initialEntries: [paths.lpMiningDetails.getHref(farmAddress)],
    });

    const detail = `/quickswap/farm/details/${farmAddress}?account=${encodeURIComponent(walletAddress)}`;
    await waitForGets(calls, ['/quickswap/tracked-summary', detail]);
    expect(router.state.initialized).toBe(false);
    router.dispose();
  });

  it("asks a visitor's browser for the farm's public detail only", async () => {
    const calls = installFakeFetch();
    const router = createMemoryRouter(routes, {
      initialEntries: [paths.lpMiningDetails.getHref(farmAddress)],
    });

    const asked = await waitForGets(calls, [`/quickswap/farm/details/${farmAddress}`]);
    expect(asked).toEqual([`/quickswap/farm/details/${farmAddress}`]);
    expect(router.state.initialized).toBe(false);
    router.dispose();
  });
});
