import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { callsTo, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { lpItem } from '../testing/fixtures.ts';

// Issue 30, finding 3 (spec: "The refresh button ignores clicks while an update runs"): the update belongs
// to the (farm, wallet), not to one card on screen. A card shown again while its refresh runs (another
// tab of the list, then back) says 'updating' and sends nothing more.

/** Holds replies to `path` until released, to see what the screen does while a call runs. */
function holdCalls(path: string) {
  const inner = globalThis.fetch;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith(path)) await gate;
    return inner(input, init);
  });
  return () => release();
}

describe('refresh is single-flight per farm and wallet', () => {
  it('a card shown again during its update says updating and a click sends no second request', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const fresh = lpItem();
    if (fresh.farm_position_snapshot) fresh.farm_position_snapshot.total_liquidity_usd = 4321;
    let isRefreshed = false;
    const calls = installFakeFetch(({ path }) => {
      if (path === '/quickswap/tracked-summary')
        return { body: { lp_mining: [isRefreshed ? fresh : lpItem()], dual_mining: [] } };
      if (path === '/quickswap/farmable-pools') return { body: [lpItem()] };
      if (path === '/quickswap/create-snapshots') {
        isRefreshed = true;
        return { body: fresh };
      }
      return undefined;
    });
    const release = holdCalls('/quickswap/create-snapshots');
    const { user } = renderRoute('/quickswap/lp-mining');
    const firstCard = await screen.findByRole('article', { name: 'farm WMATIC / USDC' });
    await user.click(within(firstCard).getByRole('button', { name: 'refresh' }));
    await within(firstCard).findByRole('button', { name: 'updating' });

    await user.click(screen.getByRole('tab', { name: 'All Quickswap Farms' }));
    await screen.findByRole('article', { name: 'farm WMATIC / USDC' });
    await user.click(screen.getByRole('tab', { name: 'Tracked Farms' }));
    const cardAgain = await screen.findByRole('article', { name: 'farm WMATIC / USDC' });
    const updating = await within(cardAgain).findByRole('button', { name: 'updating' });
    await user.click(updating);
    await user.click(updating);
    release();

    // The update that was running still lands on the card shown now.
    expect(await within(cardAgain).findByText('$4,321.00')).toBeInTheDocument();
    expect(within(cardAgain).getByRole('button', { name: 'refresh' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/quickswap/create-snapshots')).toHaveLength(1);
  });
});
