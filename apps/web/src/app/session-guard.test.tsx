import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConsoleError } from '../test/console-errors.ts';
import { callsTo, errorReply, installFakeFetch } from '../test/fake-fetch.ts';
import { renderRoute, validSession } from '../test/render-route.tsx';

const guarded = [
  '/dashboard',
  '/wallets/view/3',
  '/wallets/connect',
  '/integrations',
  '/integrations/view?walletId=3',
  '/lp-tools/view/quickswap',
  '/lp-tools/add/quickswap/lp-mining',
  '/lp-tools/view/quickswap/lp-mining/0x1234567890abcdef1234567890abcdef12345678',
  '/blockchain/137',
  '/farm/0x1234567890abcdef1234567890abcdef12345678',
];

const open: Array<[string, string]> = [
  ['/', 'sign up now for the waitlist'],
  ['/login', 'log in'],
  ['/login/connect', 'Integrations'],
  ['/signup', 'create an account'],
  ['/signup/create-address', 'create an account from your wallet address'],
  ['/integrations/callback?code=abc', 'Integrations'],
  ['/quickswap/lp-mining', 'liquidity-pool tool'],
  ['/quickswap/dual-mining', 'dual-mining tool'],
  ['/quickswap/lp-mining/details/0xabc', 'farm details'],
  ['/quickswap/dual-mining/details/0xabc', 'farm details'],
];

describe('session guard', () => {
  it.each(guarded)(
    '%s without a token goes to /login with the message, asking the server nothing',
    async (url) => {
      const calls = installFakeFetch();
      const { router } = renderRoute(url);
      expect(await screen.findByText('please login first to view this page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(screen.getByRole('heading', { name: 'log in' })).toBeInTheDocument();
      expect(callsTo(calls, 'GET', '/internal/token/session')).toHaveLength(0);
    },
  );

  it('a token the server refuses (expired) redirects too and is forgotten', async () => {
    window.sessionStorage.setItem('jwtToken', 'expired');
    installFakeFetch((request) =>
      request.path === '/internal/token/session'
        ? errorReply(401, 'UNAUTHENTICATED', 'token expired')
        : undefined,
    );
    const { router } = renderRoute('/wallets/view/3');
    expect(await screen.findByText('please login first to view this page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem('jwtToken')).toBeNull();
  });

  it('a valid session opens the guarded page', async () => {
    window.sessionStorage.setItem('jwtToken', 'good');
    installFakeFetch((request) =>
      request.path === '/internal/token/session' ? { body: validSession } : undefined,
    );
    const { router } = renderRoute('/blockchain/137');
    expect(await screen.findByRole('heading', { name: 'blockchain' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blockchain/137');
  });

  it.each(open)('%s is open to visitors', async (url, heading) => {
    installFakeFetch();
    const { router } = renderRoute(url);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(url.split('?')[0]);
    expect(screen.queryByText('please login first to view this page')).not.toBeInTheDocument();
  });
});

describe('routing fallback', () => {
  it('an unknown URL shows the error page with 404', async () => {
    installFakeFetch();
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText(/404/)).toBeInTheDocument();
    // The fallback says so on the console, for whoever investigates a broken page.
    await waitFor(() => expectConsoleError(/^Unexpected Application Error! 404/));
  });
});
