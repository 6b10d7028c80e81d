import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getPageQueryClient } from '../../../app/provider.tsx';
import { sessionTokenKey } from '../../../lib/session.ts';
import { callsTo, installFakeFetch } from '../../../test/fake-fetch.ts';
import { openAppAt, renderRoute, validSession } from '../../../test/render-route.tsx';
import { polygonWallet } from '../../farms/testing/fixtures.ts';
import { discoveryKeys } from '../api/keys.ts';

const portfolio = {
  positions: 0,
  value_usd: 0,
  change_24h_usd: 0,
  pnl_usd: 0,
  unknown: { value: 0, change_24h: 0, pnl: 0 },
};

function installDashboard(left: unknown) {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  return installFakeFetch(({ path }) => {
    if (path === '/internal/token/session') return { body: validSession };
    if (path === '/quickswap/portfolio') return { body: portfolio };
    if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [], dual_mining: [] } };
    if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
    if (path === '/blockchains/wallets') return { body: { wallets: [] } };
    if (path === '/quickswap/left-in-ended-farms') return { body: left };
    return undefined;
  });
}

describe("the dashboard's 'left in ended farms'", () => {
  it('checks when asked, and sums per wallet with a link to the wallet', async () => {
    const calls = installDashboard({
      wallets: [{ wallet_address: polygonWallet.address, farms: 3, value_usd: 412.1, unpriced: 1 }],
      index: { refreshed_at: '2026-11-26T04:00:00.000Z', is_stale: false, is_empty: false },
    });
    await openAppAt('/dashboard');
    const user = userEvent.setup();
    // Nothing is read from the chain until asked.
    expect(callsTo(calls, 'GET', '/quickswap/left-in-ended-farms')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'check ended farms' }));
    const list = await screen.findByRole('list', { name: 'left in ended farms' });
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('$412.10 in 3 ended farms (1 farm without a price)');
    expect(within(row).getByRole('link', { name: '0x1234…5678' })).toHaveAttribute(
      'href',
      `/wallets/view/${polygonWallet.id}`,
    );
    expect(within(row).getByRole('link', { name: 'get it out of 0x1234…5678' })).toHaveAttribute(
      'href',
      `/wallets/${polygonWallet.address}/recovery`,
    );
  });

  it('reads it again on the next visit once a transaction made it stale, instead of the old sum', async () => {
    const index = { refreshed_at: '2026-11-26T04:00:00.000Z', is_stale: false, is_empty: false };
    const left = {
      wallets: [{ wallet_address: polygonWallet.address, farms: 2, value_usd: 412.1, unpriced: 0 }],
      index,
    };
    const calls = installDashboard(left);
    const { router, user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'check ended farms' }));
    const list = await screen.findByRole('list', { name: 'left in ended farms' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('$412.10 in 2 ended farms');

    // A step of the recovery plan is recorded elsewhere (the recovery page): everything was taken out.
    await router.navigate('/wallets');
    await screen.findByRole('form', { name: 'add a watch-only address' });
    // Nothing on the wallets screen watches the answer any more: the invalidation below refetches nothing.
    const cached = () =>
      getPageQueryClient().getQueryCache().find({ queryKey: discoveryKeys.leftInEndedFarms() });
    await waitFor(() => expect(cached()?.getObserversCount()).toBe(0));
    left.wallets = [{ wallet_address: polygonWallet.address, farms: 0, value_usd: 0, unpriced: 0 }];
    await getPageQueryClient().invalidateQueries({ queryKey: discoveryKeys.leftInEndedFarms() });
    await router.navigate('/dashboard');
    expect(await screen.findByText('nothing left in ended farms')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/quickswap/left-in-ended-farms')).toHaveLength(2);
  });

  it('does not claim a wallet has nothing when the index was never built', async () => {
    installDashboard({
      wallets: [{ wallet_address: polygonWallet.address, farms: 0, value_usd: 0, unpriced: 0 }],
      index: { refreshed_at: null, is_stale: true, is_empty: true },
    });
    await openAppAt('/dashboard');
    await userEvent.setup().click(screen.getByRole('button', { name: 'check ended farms' }));
    expect(
      await screen.findByText('the farm index has not been built yet: ended farms are checked once it has'),
    ).toBeInTheDocument();
  });
});
