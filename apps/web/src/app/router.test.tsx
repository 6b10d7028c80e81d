import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeFetch } from '../test/fake-fetch.ts';
import { AppProviders, createQueryClient } from './provider.tsx';
import { routes } from './router.tsx';

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
