import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, installFakeFetch } from '../test/fake-fetch.ts';
import { loadLazyRoutes, validSession } from '../test/render-route.tsx';
import { AppProviders, getPageQueryClient } from './provider.tsx';
import { routes } from './router.tsx';

/** Issue 30, finding 8: a new tab starts signed in, an e-mailed link comes back after login, Back never loops. */

const loadedRoutes = await loadLazyRoutes(routes);
const hintCookie = 'tw_signed_in';

function openAt(entries: string[]) {
  const router = createMemoryRouter(loadedRoutes, {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={getPageQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user };
}

afterEach(() => {
  document.cookie = `${hintCookie}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('a new tab of a signed-in browser', () => {
  it('restores the session from the cookie and opens the guarded page', async () => {
    document.cookie = `${hintCookie}=1; path=/`;
    const calls = installFakeFetch((request) => {
      if (request.path === '/internal/session/restore') return { body: { token: 'restored-jwt' } };
      if (request.path === '/internal/token/session') return { body: validSession };
      return undefined;
    });
    const { router } = openAt(['/blockchain/137']);
    expect(await screen.findByRole('heading', { name: 'blockchain' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blockchain/137');
    // The spec's storage holds the token, as after a login.
    expect(window.sessionStorage.getItem('jwtToken')).toBe('restored-jwt');
    expect(callsTo(calls, 'GET', '/internal/token/session')[0]?.headers.authorization).toBe(
      'Bearer restored-jwt',
    );
  });

  it('goes to /login when nothing is restored, and back to the linked page after login', async () => {
    document.cookie = `${hintCookie}=1; path=/`;
    installFakeFetch((request) => {
      if (request.path === '/internal/session/restore') return { body: { token: null } };
      if (request.path === '/internal/auth') return { body: { token: 'jwt-1' } };
      if (request.path === '/internal/token/session') return { body: validSession };
      return undefined;
    });
    const { router, user } = openAt(['/blockchain/137?from=alert']);
    expect(await screen.findByText('please login first to view this page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('email'), 'ada@example.com');
    await user.type(screen.getByLabelText('password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'log in' }));
    expect(await screen.findByRole('heading', { name: 'blockchain' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/blockchain/137?from=alert');
  });
});

describe('Back after logging out', () => {
  it('leaves the app instead of looping on /login', async () => {
    window.sessionStorage.setItem('jwtToken', 'good');
    installFakeFetch((request) => {
      if (request.path === '/internal/token/session') return { body: validSession };
      if (request.path === '/internal/logout') return { status: 204 };
      return undefined;
    });
    const { router, user } = openAt(['/', '/blockchain/137']);
    expect(await screen.findByRole('heading', { name: 'blockchain' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('from a page the guard sent to /login, goes back past it', async () => {
    const { router } = openAt(['/', '/blockchain/137']);
    installFakeFetch();
    expect(await screen.findByText('please login first to view this page')).toBeInTheDocument();
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
