import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../lib/session.ts';
import { installFakeFetch } from '../../test/fake-fetch.ts';
import { openAppAt, validSession } from '../../test/render-route.tsx';
import { getPageQueryClient } from '../provider.tsx';

const portfolio = {
  positions: 1,
  value_usd: 1200,
  change_24h_usd: 15,
  pnl_usd: 40,
  unknown: { value: 0, change_24h: 0, pnl: 0 },
};

describe('dashboard loader (its data comes with the session check, not after the first render)', () => {
  afterEach(() => {
    getPageQueryClient().clear();
    window.sessionStorage.clear();
  });

  it('shows every panel filled on the first render, with no loading spinner to replace', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const calls = installFakeFetch(({ path }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path === '/quickswap/portfolio') return { body: portfolio };
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [], dual_mining: [] } };
      if (path === '/wallets/connected' || path === '/blockchains/wallets') return { body: { wallets: [] } };
      if (path === '/quickswap/v3/tracked-positions') return { body: { positions: [] } };
      return undefined;
    });
    await openAppAt('/dashboard');

    expect(screen.getByRole('region', { name: 'portfolio' })).toHaveTextContent('value$1,200.00');
    expect(screen.getByText('no wallets saved yet')).toBeInTheDocument();
    expect(screen.getByText('you are not tracking any LP Mining farms yet')).toBeInTheDocument();
    expect(screen.getByText('you are not tracking any V3 positions yet')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Each panel's data was asked for once: the screen read what the loader fetched.
    const paths = calls.map((call) => call.path);
    expect(paths.filter((path) => path === '/quickswap/portfolio')).toHaveLength(1);
    expect(paths.filter((path) => path === '/wallets/connected')).toHaveLength(1);
    expect(paths.filter((path) => path === '/quickswap/v3/tracked-positions')).toHaveLength(1);
  });

  it('asks for no data without a token: the guard sends the visitor to log in', async () => {
    const calls = installFakeFetch();
    const router = await openAppAt('/dashboard');
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.map((call) => call.path)).not.toContain('/quickswap/portfolio');
  });
});
