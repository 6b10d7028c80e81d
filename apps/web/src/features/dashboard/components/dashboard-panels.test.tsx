import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { openAppAt, validSession } from '../../../test/render-route.tsx';
import { polygonWallet } from '../../farms/testing/fixtures.ts';

const portfolio = {
  positions: 0,
  value_usd: 0,
  change_24h_usd: 0,
  pnl_usd: 0,
  unknown: { value: 0, change_24h: 0, pnl: 0 },
};

describe('dashboard panels a person collapsed', () => {
  it('stay collapsed after going to a tool and Back', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    installFakeFetch(({ path }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path === '/quickswap/portfolio') return { body: portfolio };
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [], dual_mining: [] } };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === '/blockchains/wallets') return { body: { wallets: [] } };
      if (path.startsWith('/quickswap/get-tracked-pools/')) return { body: [] };
      if (path.startsWith('/quickswap/farmable-pools')) return { body: [] };
      return undefined;
    });
    const router = await openAppAt('/dashboard');
    const user = userEvent.setup();
    const panel = () => screen.findByRole('button', { name: 'Dual Mining farms' });
    await user.click(await panel());
    expect(await panel()).toHaveAttribute('aria-expanded', 'false');

    await user.click(
      within(screen.getByRole('navigation', { name: 'main' })).getByRole('link', {
        name: 'liquidity-pool tool',
      }),
    );
    await screen.findByRole('tab', { name: 'All Quickswap Farms' });
    await router.navigate(-1);

    expect(await panel()).toHaveAttribute('aria-expanded', 'false');
    // The others stay as they were: open.
    expect(screen.getByRole('button', { name: 'LP Mining farms' })).toHaveAttribute('aria-expanded', 'true');
  });
});
