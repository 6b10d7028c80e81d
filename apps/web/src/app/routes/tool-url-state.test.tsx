import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../lib/session.ts';
import { installFakeFetch } from '../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../test/render-route.tsx';

const emptyIndex = {
  items: [],
  total: 0,
  page: 1,
  per_page: 10,
  refreshed_at: new Date(Date.now() - 3_600_000).toISOString(),
  last_error: null,
};

describe("the tool page's tab, sort and filter live in the URL", () => {
  it('Back from another page restores the tab, the sort, the status and the token filter', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const calls = installFakeFetch(({ path }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path.startsWith('/quickswap/farm-index')) return { body: emptyIndex };
      if (path.startsWith('/quickswap/farmable-pools') || path === '/quickswap/tracked-summary')
        return { body: path === '/quickswap/tracked-summary' ? { lp_mining: [], dual_mining: [] } : [] };
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
      if (path === '/wallets/connected') return { body: { wallets: [] } };
      if (path === '/blockchains/wallets') return { body: { wallets: [] } };
      return undefined;
    });
    const { user, router } = renderRoute('/quickswap/lp-mining');
    await user.click(await screen.findByRole('tab', { name: 'All Quickswap Farms' }));
    const index = await screen.findByRole('region', { name: 'every QuickSwap farm' });
    await user.selectOptions(within(index).getByLabelText('sort by'), 'APR, highest first');
    await user.selectOptions(within(index).getByLabelText('status'), 'ended');
    await user.type(within(index).getByLabelText('token symbol or address'), 'WETH');
    // The search is sent once typing pauses.
    await expect
      .poll(() =>
        calls.some((call) => call.path.startsWith('/quickswap/farm-index') && call.path.includes('WETH')),
      )
      .toBe(true);

    await user.click(
      within(screen.getByRole('navigation', { name: 'main' })).getByRole('link', { name: 'dashboard' }),
    );
    await screen.findByRole('heading', { name: 'dashboard' });
    await router.navigate(-1);

    expect(await screen.findByRole('tab', { name: 'All Quickswap Farms' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const restored = await screen.findByRole('region', { name: 'every QuickSwap farm' });
    expect(within(restored).getByLabelText('sort by')).toHaveValue('apr:desc');
    expect(within(restored).getByLabelText('status')).toHaveValue('ended');
    expect(within(restored).getByLabelText('token symbol or address')).toHaveValue('WETH');
    const lastIndexCall = calls.filter((call) => call.path.startsWith('/quickswap/farm-index')).at(-1);
    expect(lastIndexCall?.path).toMatch(/sort=apr/);
    expect(lastIndexCall?.path).toMatch(/token=WETH/);
  });
});
