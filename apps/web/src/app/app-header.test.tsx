import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, installFakeFetch } from '../test/fake-fetch.ts';
import { renderRoute, validSession } from '../test/render-route.tsx';
import { getPageQueryClient } from './provider.tsx';

describe('app header', () => {
  it('offers log in to a visitor', async () => {
    installFakeFetch();
    renderRoute('/');
    expect(await screen.findByRole('link', { name: 'Tidewatch' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'log out' })).not.toBeInTheDocument();
  });

  it('logs out: revokes on the server, forgets the token, returns to /login, and guards again', async () => {
    window.sessionStorage.setItem('jwtToken', 'jwt-1');
    const calls = installFakeFetch((request) => {
      if (request.path === '/internal/token/session') return { body: validSession };
      if (request.path === '/internal/logout') return { status: 204 };
      return undefined;
    });
    const { user, router } = renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'dashboard' });
    await user.click(screen.getByRole('button', { name: 'log out' }));

    expect(await screen.findByRole('heading', { name: 'log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem('jwtToken')).toBeNull();
    const [logout] = callsTo(calls, 'POST', '/internal/logout');
    expect(logout?.headers.authorization).toBe('Bearer jwt-1');

    await router.navigate('/dashboard');
    expect(await screen.findByText('please login first to view this page')).toBeInTheDocument();
  });

  it('asks the server nothing else while the token is being revoked', async () => {
    window.sessionStorage.setItem('jwtToken', 'jwt-1');
    const calls = installFakeFetch((request) => {
      if (request.path === '/internal/token/session') return { body: validSession };
      if (request.path === '/internal/logout') return { status: 204 };
      return undefined;
    });
    // The server answers the logout only when the test says so: in between, the token is being revoked.
    const fakeFetch = globalThis.fetch;
    let answerLogout = () => {};
    const logoutHeld = new Promise<void>((resolve) => {
      answerLogout = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/internal/logout')) await logoutHeld;
      return fakeFetch(input, init);
    });
    const { user } = renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'dashboard' });
    await user.click(screen.getByRole('button', { name: 'log out' }));
    const sentBefore = calls.length;
    // A refetch asked for meanwhile (the window regains focus, another tab changed something) must wait:
    // sent now, it would reach the server with a token it has just revoked, and be refused.
    void getPageQueryClient().invalidateQueries();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.slice(sentBefore).map((call) => `${call.method} ${call.path}`)).toEqual([]);
    answerLogout();
    expect(await screen.findByRole('heading', { name: 'log in' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/internal/logout')).toHaveLength(1);
  });

  it("folds the navigation behind 'menu' on a phone: aria-expanded, Escape closes and returns focus", async () => {
    installFakeFetch();
    const { user } = renderRoute('/');
    const menu = await screen.findByRole('button', { name: 'menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(within(panel as HTMLElement).getByRole('navigation', { name: 'main' })).toBeInTheDocument();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(within(panel as HTMLElement).getByRole('link', { name: 'dashboard' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(panel as HTMLElement).getByRole('link', { name: 'LP tools' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
