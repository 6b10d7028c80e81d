import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lpItem, polygonWallet } from '../features/farms/testing/fixtures.ts';
import { sessionTokenKey } from '../lib/session.ts';
import { callsTo, installFakeFetch } from '../test/fake-fetch.ts';
import { openAppAt, validSession } from '../test/render-route.tsx';

/*
 * Issue 28's crash, in one rendered app: the dashboard's loader fills the saved wallets' cache, then the user
 * clicks to a tool and opens 'track'. The chooser must read the same cached answer, in its shape, and list
 * the wallet (it crashed with 'n.data.filter is not a function' when it cached another shape under the key).
 */
describe('one tab: a cache filled on one screen is read by the next', () => {
  it('dashboard → liquidity-pool tool → All Quickswap Farms → track lists the saved wallet', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const calls = installFakeFetch(({ path }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path === '/quickswap/portfolio')
        return {
          body: {
            positions: 0,
            value_usd: 0,
            change_24h_usd: 0,
            pnl_usd: 0,
            unknown: { value: 0, change_24h: 0, pnl: 0 },
          },
        };
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [], dual_mining: [] } };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === '/blockchains/wallets') return { body: { wallets: [] } };
      if (path.startsWith('/quickswap/get-tracked-pools/')) return { body: [] };
      if (path.startsWith('/quickswap/farmable-pools'))
        return { body: [lpItem({ account_address: null, farm_position_snapshot: null })] };
      return undefined;
    });
    await openAppAt('/dashboard');
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: '0x1234…5678' })).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('navigation', { name: 'main' })).getByRole('link', {
        name: 'liquidity-pool tool',
      }),
    );
    await user.click(await screen.findByRole('tab', { name: 'All Quickswap Farms' }));
    const card = await screen.findByRole('article', { name: /^farm / });
    await user.click(within(card).getByRole('button', { name: 'track' }));
    const chooser = within(card).getByRole('dialog', { name: 'choose wallet to track' });
    expect(within(chooser).getByRole('button', { name: /track address 0x1234…5678/ })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    // The chooser read what the dashboard fetched: the saved wallets were asked for once.
    expect(callsTo(calls, 'GET', '/wallets/connected')).toHaveLength(1);
  });
});
