import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { callsTo, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';
import { farmAddress, lpItem, walletAddress } from '../testing/fixtures.ts';

function detail() {
  const item = lpItem();
  const latest = item.farm_position_snapshot;
  if (!latest) throw new Error('fixture has a position');
  const older = {
    ...latest,
    total_liquidity_usd: 1000,
    created_on: new Date(Date.now() - 2 * 3600_000).toISOString(),
  };
  return {
    farm: item.farm,
    pool: item.pool,
    account_address: walletAddress,
    farm_position_snapshots: [older, latest],
  };
}

describe('farm detail', () => {
  it("shows 'loading farm...', then the tracking wallet's positions newest first and the chart", async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const calls = installFakeFetch(({ path }) => {
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [lpItem()], dual_mining: [] } };
      if (path.startsWith(`/quickswap/farm/details/${farmAddress}`)) return { body: detail() };
      return undefined;
    });
    renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
    expect(screen.getByText('loading farm...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'WMATIC / USDC' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'position value over time' })).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'position snapshots' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('$1,234.50');
    expect(entries[1]).toHaveTextContent('$1,000.00');
    expect(entries[1]).toHaveTextContent('2 hours ago');
    expect(screen.getByRole('link', { name: 'pool on polygonscan' })).toHaveAttribute(
      'href',
      `https://polygonscan.com/address/${lpItem().pool.address}`,
    );
    const detailCall = calls.find((call) => call.path.startsWith('/quickswap/farm/details/'));
    expect(detailCall?.path).toBe(`/quickswap/farm/details/${farmAddress}?account=${walletAddress}`);
    expect(callsTo(calls, 'GET', '/quickswap/tracked-summary')).toHaveLength(1);
  });

  it('asks to connect a wallet on /farm/{address} when none is connected', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    installFakeFetch(({ path }) => (path === '/internal/token/session' ? { body: validSession } : undefined));
    renderRoute(`/farm/${farmAddress}`);
    expect(await screen.findByText('connect a wallet to view this farm')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'connect to metamask' })).toBeInTheDocument();
  });
});
