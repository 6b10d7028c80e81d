import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { farmAddress, lpItem, walletAddress } from '../testing/fixtures.ts';

// Issue 30, finding 1: a change of price source is said on the chart and in the history, never a silent jump.
function detailWithSourceChange() {
  const item = lpItem();
  const latest = item.farm_position_snapshot!;
  const wmatic = item.pool.token0.address;
  const usdc = item.pool.token1.address;
  const hour = 3600_000;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour).toISOString();
  const positions = [
    { at: at(3), block: 7, value: 1000, wmaticSource: 'coinmarketcap', isChanged: false },
    { at: at(2), block: 8, value: 1000, wmaticSource: 'coinmarketcap', isChanged: false },
    { at: at(1), block: 9, value: 2000, wmaticSource: 'pair', isChanged: true },
  ].map((p) => ({
    ...latest,
    total_liquidity_usd: p.value,
    created_on: p.at,
    block_number: p.block,
    price_sources: { [wmatic]: p.wmaticSource, [usdc]: 'pair' },
    price_source_changed: p.isChanged,
  }));
  return {
    farm: item.farm,
    pool: item.pool,
    account_address: walletAddress,
    farm_position_snapshots: positions,
    returns: null,
    chart: positions.map((p) => ({
      created_on: p.created_on,
      block_number: p.block_number,
      value_usd: p.total_liquidity_usd,
      hodl_value_usd: 1500,
      rewards_usd: 1,
      price_sources: p.price_sources,
      price_source_changed: p.price_source_changed,
    })),
    history: null,
  };
}

describe('a change of price source on the farm page', () => {
  it('is said under the chart and on the history entry where it happened, naming the token', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    installFakeFetch(({ path }) => {
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [lpItem()], dual_mining: [] } };
      if (path === `/quickswap/farm/details/${farmAddress}?account=${walletAddress}`)
        return { body: detailWithSourceChange() };
      return undefined;
    });
    renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
    const chart = await screen.findByRole('region', { name: 'position chart' });
    // The newest point is the one whose source changed: the values line says so, and the note lists it.
    expect(within(chart).getByTestId('chart-values')).toHaveTextContent('price source changed here');
    expect(within(chart).getByText(/^▼ price source changed \(1\):/)).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'position snapshots' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent('price source changed: WMATIC CoinMarketCap → on-chain pair');
    expect(entries[1]).not.toHaveTextContent('price source changed');
    expect(entries[2]).not.toHaveTextContent('price source changed');
  });
});
