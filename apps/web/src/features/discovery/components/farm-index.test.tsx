import { screen, within } from '@testing-library/react';
import type { IndexedFarm } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';

const token = (symbol: string) => ({
  address: `0x${symbol.padEnd(40, '0').slice(0, 40)}`,
  symbol,
  decimals: 18,
});
const farm = (address: string, apr: number | null, isImported = false): IndexedFarm => ({
  address,
  kind: 'lp',
  pair_address: '0x00000000000000000000000000000000000000aa',
  token0: token('WETH'),
  token1: token('USDC'),
  reward_token_a: token('dQUICK'),
  reward_token_b: null,
  reward_rate_a: '0.01',
  reward_rate_b: null,
  period_finish: '2030-01-01T00:00:00.000Z',
  is_ended: false,
  is_paused: false,
  total_staked: '10',
  tvl_usd: 1000,
  apr,
  is_imported: isImported,
});
const page = (items: IndexedFarm[], total = items.length) => ({
  items,
  total,
  page: 1,
  per_page: 10,
  refreshed_at: new Date(Date.now() - 3_600_000).toISOString(),
  last_error: null,
});

describe('every QuickSwap farm (the farm index)', () => {
  it('lists the index with its age, sorts by APR on request, and imports a farm in one click', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const farmA = '0x1000000000000000000000000000000000000001';
    const calls = installFakeFetch(({ path }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path.startsWith('/quickswap/farm-index'))
        return {
          body: page([farm(farmA, 0.5), farm('0x2000000000000000000000000000000000000002', null, true)], 25),
        };
      if (path === '/quickswap/farmable-pools' || path === '/quickswap/tracked-farms') return { body: [] };
      if (path.startsWith('/quickswap/get-tracked-pools')) return { body: [] };
      return undefined;
    });
    const { user, router } = renderRoute('/quickswap/lp-mining');
    await user.click(screen.getByRole('tab', { name: 'All Quickswap Farms' }));
    const index = await screen.findByRole('region', { name: 'every QuickSwap farm' });
    expect(await within(index).findByText(/25 farms · index refreshed 1 hour ago/)).toBeInTheDocument();
    expect(within(index).getByText('page 1 of 3')).toBeInTheDocument();
    const rows = within(index).getAllByRole('article');
    expect(rows[0]).toHaveTextContent('50.00%');
    expect(rows[1]).toHaveTextContent('unknown');
    expect(within(rows[1]!).getByText('imported')).toBeInTheDocument();
    await user.selectOptions(within(index).getByLabelText('sort by'), 'apr:desc');
    expect(calls.some((c) => c.path.includes('sort=apr') && c.path.includes('order=desc'))).toBe(true);
    await user.click(
      within(rows[0]!).getByRole('button', { name: new RegExp(`^import WETH / USDC farm ${farmA}`) }),
    );
    // The tab and the sort stay in the URL beside the farm to import.
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('import')).toBe(farmA);
    expect(search.get('sort')).toBe('apr:desc');
  });
});
