import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders, getPageQueryClient } from '../app/provider.tsx';
import { routes, whenRouterReady } from '../app/router.tsx';

/**
 * The route table with each route's lazy module loaded and merged in, as the router does on first match.
 * Tests then see a screen on the first render, as a person sees it once its chunk arrived; the lazy table
 * itself is exercised by router.test.tsx and by the e2e journeys on the built app.
 */
export async function loadLazyRoutes(table: readonly RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    table.map(async (route) => {
      const { lazy, ...rest } = route;
      if (lazy !== undefined && typeof lazy !== 'function') throw new Error('only lazy() functions are used');
      const loaded = lazy ? await lazy() : {};
      const children = route.children ? await loadLazyRoutes(route.children) : undefined;
      return { ...rest, ...loaded, ...(children ? { children } : {}) } as RouteObject;
    }),
  );
}

const loadedRoutes = await loadLazyRoutes(routes);
// The libraries the app fetches on first use (wagmi and viem once a wallet is found, socket.io once logged in), compiled
// up front as well: a test's wallet step then waits on the wallet, not on the test runner compiling viem.
await Promise.all([import('../lib/wallet/wagmi-wallet.tsx'), import('socket.io-client')]);

/**
 * Renders the real route table at `url` in a memory router, with the app's providers and, as in the app, the
 * page's query client, so a screen reads what its route's loader fetched (test/setup.ts empties it per test).
 */
export function renderRoute(url: string) {
  const router = createMemoryRouter(loadedRoutes, { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={getPageQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}

/**
 * Opens `path` as the app starts (main.tsx): the lazy route table, the first render once the router is ready,
 * so the screen shows what its loader fetched with the session check.
 */
export async function openAppAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await whenRouterReady(router);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export const validSession = {
  session: {
    user: { id: 1, email: 'ada@example.com', has_password: true, wallet_address: null },
    expiresAt: '2099-01-01T00:00:00.000Z',
  },
};
