import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '../test/fake-fetch.ts';
import { AppProviders, createQueryClient } from './provider.tsx';
import { RootHydrateFallback } from './root-layout.tsx';
import { RouteErrorPage } from './route-error.tsx';
import { loadRouteModule, routeModuleEnvironment } from './route-module.ts';
import { routes, whenRouterReady } from './router.tsx';

/** The table as the app builds it, with its lazy routes (render-route.tsx loads them up front). */
function renderLazyRoute(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

describe('route table (code splitting)', () => {
  // Compiled once here so the test waits on the router, not on the test runner's transform; the router
  // still resolves the module through lazy() on its first match.
  beforeAll(async () => {
    await import('./routes/login.tsx');
  });

  it('shows the landing page on the first render: it ships in the entry, with no second request', () => {
    installFakeFetch();
    renderLazyRoute('/');
    expect(screen.getByRole('heading', { name: 'navigate the storms of crypto' })).toBeInTheDocument();
  });

  it("shows the loading state on a first visit until the screen's module arrived, then the screen", async () => {
    installFakeFetch();
    renderLazyRoute('/login');
    expect(screen.getByRole('status', { name: 'loading' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'log in' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'loading' })).not.toBeInTheDocument();
  });

  it('loads a screen when a link leads to it', async () => {
    installFakeFetch();
    const { router, user } = renderLazyRoute('/');
    await user.click(screen.getByRole('link', { name: 'log in' }));
    expect(await screen.findByRole('heading', { name: 'log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('whenRouterReady (the first render waits for it, so the server page is replaced by the screen)', () => {
  it('resolves at once for the landing page, which needs no module or loader', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    expect(router.state.initialized).toBe(true);
    await whenRouterReady(router);
  });

  it("resolves once a lazy screen's module is in, never while the router would show the loading state", async () => {
    installFakeFetch();
    const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
    expect(router.state.initialized).toBe(false);
    await whenRouterReady(router);
    expect(router.state.initialized).toBe(true);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    // The first render is already the screen: no loading state in between.
    expect(screen.getByRole('heading', { name: 'log in' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'loading' })).not.toBeInTheDocument();
  });

  it('resolves when the session guard sends a visitor to log in (a redirect ends the first load too)', async () => {
    installFakeFetch();
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard'] });
    await whenRouterReady(router);
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('a screen whose module is gone (a new build replaced it)', () => {
  // What the browser throws when the chunk's URL no longer answers with JavaScript.
  const missing = loadRouteModule<{ Component: () => null }>(() =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/login-old.js')),
  );
  const renderMissing = () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteErrorPage />,
          HydrateFallback: RootHydrateFallback,
          children: [{ path: 'login', lazy: missing }],
        },
      ],
      { initialEntries: ['/login'] },
    );
    return render(<RouterProvider router={router} />);
  };

  it('reloads the page once to get the new build, and shows the error if that did not help', async () => {
    installFakeFetch();
    const reloadPage = vi.spyOn(routeModuleEnvironment, 'reloadPage').mockImplementation(() => {});
    const first = renderMissing();
    expect(await screen.findByText(/this screen could not be loaded/)).toBeInTheDocument();
    // The error page reloads from an effect, which can run after the text is on screen.
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    first.unmount();

    // The reloaded page failed again at once: the server has no newer build; no reload loop.
    renderMissing();
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
