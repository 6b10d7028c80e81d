import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { callsTo, errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';
import { polygonWallet } from '../../farms/testing/fixtures.ts';
import {
  farmedPosition,
  fullRangePosition,
  history,
  position,
  tokenId,
  trackedPosition,
  walletAddress,
  watchedAddress,
} from '../testing/fixtures.ts';

// jsdom cannot draw lightweight-charts' canvas (no matchMedia, no 2D context): a stand-in draws nothing. The
// chart's frame, ranges and values line around it are the farms feature's own and still render.
vi.mock('../../farms/components/returns-chart-canvas.tsx', () => ({ default: () => null }));
vi.mock('./price-range-chart-canvas.tsx', () => ({ default: () => null }));

const logIn = () => window.sessionStorage.setItem(sessionTokenKey, 'token-1');
const detailPath = `/quickswap/v3-positions/details/${tokenId}`;
const historyPath = `/quickswap/v3/positions/${tokenId}/history?wallet_address=${walletAddress}`;

describe("a V3 position's page", () => {
  it('shows the position to a visitor (public data) and asks to log in to track it', async () => {
    const calls = installFakeFetch(({ path }) =>
      path === `/quickswap/v3/positions/${tokenId}` ? { body: position() } : undefined,
    );
    renderRoute(detailPath);
    expect(await screen.findByRole('heading', { level: 1, name: 'WMATIC / USDC' })).toBeInTheDocument();
    expect(screen.getByText(`V3 position #${tokenId}`)).toBeInTheDocument();
    expect(screen.getByText('in range')).toBeInTheDocument();
    expect(screen.getByText('0.4 – 0.6 USDC per WMATIC')).toBeInTheDocument();
    expect(screen.getByText('1.5 WMATIC ($0.75)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'pool on polygonscan' })).toHaveAttribute(
      'href',
      `https://polygonscan.com/address/${position().pool.address}`,
    );
    const ask = screen.getByText(/to track this position/);
    expect(ask).toHaveTextContent('log in to track this position: snapshots, history, returns and alerts');
    expect(within(ask).getByRole('link', { name: 'log in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(detailPath)}`,
    );
    // Nothing private is asked for without a session.
    expect(callsTo(calls, 'GET', '/quickswap/v3/tracked-positions')).toHaveLength(0);
  });

  it("reads a range at the extreme ticks as 'full range', not as two 40-digit prices", async () => {
    installFakeFetch(({ path }) =>
      path === '/quickswap/v3/positions/4040' ? { body: fullRangePosition() } : undefined,
    );
    renderRoute('/quickswap/v3-positions/details/4040');
    expect(await screen.findByText('full range')).toBeInTheDocument();
    expect(screen.queryByText(/338,?492/)).not.toBeInTheDocument();
    expect(screen.queryByText(/0\.0000/)).not.toBeInTheDocument();
  });

  it('shows farming rewards apart from fees for a farmed position', async () => {
    installFakeFetch(({ path }) =>
      path === '/quickswap/v3/positions/4022' ? { body: farmedPosition() } : undefined,
    );
    renderRoute('/quickswap/v3-positions/details/4022');
    expect(await screen.findByText('farmed')).toBeInTheDocument();
    expect(screen.getByText('0.02 WMATIC + 0.02 USDC ($0.03)')).toBeInTheDocument();
    expect(screen.getByText('2 QUICK ($1.20) pending')).toBeInTheDocument();
    expect(screen.getByText('0.5 QUICK ($0.30) unclaimed')).toBeInTheDocument();
  });

  it('says at once that a text which is not a whole number is no position id, asking nothing', async () => {
    const calls = installFakeFetch();
    renderRoute('/quickswap/v3-positions/details/abc');
    expect(
      await screen.findByText("'abc' is not a position id: a position's id is a whole number"),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/quickswap/v3/'))).toHaveLength(0);
  });

  it("gives the server's message for a position that does not exist or was burnt", async () => {
    installFakeFetch(({ path }) =>
      path === '/quickswap/v3/positions/999'
        ? errorReply(404, 'NOT_FOUND', 'position 999 does not exist or was burnt')
        : undefined,
    );
    renderRoute('/quickswap/v3-positions/details/999');
    expect(await screen.findByText('position 999 does not exist or was burnt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'retry' })).not.toBeInTheDocument();
  });

  it('tracks it with a saved or watch-only wallet chosen in the wallet chooser', async () => {
    logIn();
    const watched = {
      ...polygonWallet,
      id: 9,
      name: 'cold storage',
      address: watchedAddress,
      is_watch_only: true,
    };
    let isTracked = false;
    const calls = installFakeFetch(({ method, path }) => {
      if (path === `/quickswap/v3/positions/${tokenId}`) return { body: position() };
      if (path === '/quickswap/v3/tracked-positions')
        return {
          body: {
            positions: isTracked ? [trackedPosition({ wallet_address: watchedAddress, snapshot: null })] : [],
          },
        };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet, watched] } };
      if (method === 'POST' && path === '/quickswap/v3/track') {
        isTracked = true;
        return { body: trackedPosition({ wallet_address: watchedAddress, snapshot: null }) };
      }
      if (path.startsWith(`/quickswap/v3/positions/${tokenId}/history`))
        return {
          body: history({ wallet_address: watchedAddress, snapshots: [], events: [], returns: null }),
        };
      return undefined;
    });
    const { user } = renderRoute(detailPath);
    await user.click(await screen.findByRole('button', { name: 'track' }));
    const chooser = screen.getByRole('dialog', { name: 'choose wallet to track' });
    const choice = await within(chooser).findByRole('button', { name: /track address 0x9999…9999/ });
    expect(choice).toHaveTextContent('watch-only');
    await user.click(choice);
    expect(await screen.findByText('0x9999…9999')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/quickswap/v3/track').map((call) => call.body)).toEqual([
      { token_id: tokenId, wallet_address: watchedAddress },
    ]);
    expect(await screen.findByText('no snapshots yet')).toBeInTheDocument();
    expect(
      screen.getByText("no returns yet: the position's history is still being read from the chain"),
    ).toBeInTheDocument();
  });

  it('says why the server refuses a wallet that does not hold the position', async () => {
    logIn();
    installFakeFetch(({ method, path }) => {
      if (path === `/quickswap/v3/positions/${tokenId}`) return { body: position() };
      if (path === '/quickswap/v3/tracked-positions') return { body: { positions: [] } };
      if (path === '/wallets/connected')
        return { body: { wallets: [{ ...polygonWallet, address: watchedAddress }] } };
      if (method === 'POST' && path === '/quickswap/v3/track')
        return errorReply(
          400,
          'VALIDATION_FAILED',
          `position #${tokenId} is held by ${walletAddress}, not ${watchedAddress}`,
          [{ field: 'body.wallet_address', message: `position #${tokenId} is held by ${walletAddress}` }],
        );
      return undefined;
    });
    const { user } = renderRoute(detailPath);
    await user.click(await screen.findByRole('button', { name: 'track' }));
    await user.click(await screen.findByRole('button', { name: /track address 0x9999…9999/ }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('tracking failed');
    expect(refusal).toHaveTextContent(
      `position #${tokenId} is held by ${walletAddress}, not ${watchedAddress}`,
    );
  });

  it('shows a tracked position’s returns (fees and rewards apart), snapshots newest first and events', async () => {
    logIn();
    installFakeFetch(({ path }) => {
      if (path === `/quickswap/v3/positions/${tokenId}`) return { body: position({ is_tracked: true }) };
      if (path === '/quickswap/v3/tracked-positions') return { body: { positions: [trackedPosition()] } };
      if (path === historyPath) return { body: history() };
      return undefined;
    });
    renderRoute(detailPath);
    const returns = await screen.findByRole('region', { name: 'returns' });
    expect(returns).toHaveTextContent('deposited$3.50');
    expect(returns).toHaveTextContent('withdrawn$0.25');
    expect(returns).toHaveTextContent('value now$3.75');
    expect(returns).toHaveTextContent('value if held$3.50');
    expect(returns).toHaveTextContent('vs holding+$0.50');
    expect(returns).toHaveTextContent('fees earned$0.04');
    expect(returns).toHaveTextContent('farming rewards$1.50');

    const snapshots = screen.getByRole('region', { name: 'snapshots' });
    const entries = within(snapshots).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('in range');
    expect(entries[0]).toHaveTextContent('$3.75');
    expect(entries[1]).toHaveTextContent('out of range');
    expect(entries[1]).toHaveTextContent('$3.50');
    expect(entries[1]).toHaveTextContent('1 hour ago');
    expect(within(snapshots).getByRole('img', { name: 'position value over time' })).toBeInTheDocument();

    const events = within(screen.getByRole('region', { name: 'events' })).getAllByRole('listitem');
    expect(events.map((event) => event.querySelector('p')?.textContent)).toEqual([
      'fees collected',
      'liquidity added',
    ]);
    expect(events[1]).toHaveTextContent('2 WMATIC + 2.5 USDC ($3.50)');
    expect(within(events[1]!).getByRole('link', { name: 'transaction' })).toHaveAttribute(
      'href',
      `https://polygonscan.com/tx/0x${'e'.repeat(64)}`,
    );
  });

  it('draws the pool price at each snapshot against the range under the value chart, said in words too', async () => {
    logIn();
    installFakeFetch(({ path }) => {
      if (path === `/quickswap/v3/positions/${tokenId}`) return { body: position({ is_tracked: true }) };
      if (path === '/quickswap/v3/tracked-positions') return { body: { positions: [trackedPosition()] } };
      if (path === historyPath) return { body: history() };
      return undefined;
    });
    renderRoute(detailPath);
    const chart = await screen.findByRole('region', { name: 'price and range' });
    expect(
      within(chart).getByRole('img', {
        name: 'pool price over time against its range 0.4 – 0.6 USDC per WMATIC',
      }),
    ).toBeInTheDocument();
    // Both snapshots are at tick -283000: 0.51297 USDC per WMATIC; the older one was out of range.
    expect(chart).toHaveTextContent('pool price, USDC per WMATIC (newest 0.5129)');
    expect(chart).toHaveTextContent('in range at 1 of 2 snapshots');
    const snapshots = screen.getByRole('region', { name: 'snapshots' });
    expect(within(snapshots).getByRole('img', { name: 'position value over time' })).toBeInTheDocument();
  });

  it('shows a tracked position as of its newest snapshot, and its returns as of their final block, each said', async () => {
    logIn();
    const newest = history().snapshots.at(-1)!;
    const calls = installFakeFetch(({ path }) => {
      if (path === `/quickswap/v3/positions/${tokenId}`)
        return { body: position({ is_tracked: true, block_number: newest.block_number + 10 }) };
      if (path === `/quickswap/v3/positions/${tokenId}?block=${newest.block_number}`)
        return {
          body: position({
            is_tracked: true,
            block_number: newest.block_number,
            amounts: [
              { token: position().pool.token0, amount: '1.4', usd: 0.7 },
              { token: position().pool.token1, amount: '3', usd: 3 },
            ],
          }),
        };
      if (path === '/quickswap/v3/tracked-positions') return { body: { positions: [trackedPosition()] } };
      if (path === historyPath) return { body: history({ as_of_block: newest.block_number - 5 }) };
      return undefined;
    });
    renderRoute(detailPath);
    expect(await screen.findByText(new RegExp(`as of block ${newest.block_number}$`))).toBeInTheDocument();
    expect(screen.getByText('1.4 WMATIC ($0.70)')).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(`as of block ${newest.block_number + 10}`))).not.toBeInTheDocument();
    expect(
      callsTo(calls, 'GET', `/quickswap/v3/positions/${tokenId}?block=${newest.block_number}`),
    ).toHaveLength(1);
    const returns = await screen.findByRole('region', { name: 'returns' });
    expect(returns).toHaveTextContent(
      `as of block ${newest.block_number - 5}, the newest snapshot whose events are final`,
    );
  });

  it("'download CSV' saves the snapshots the API answers for the tracked wallet", async () => {
    logIn();
    const csv = 'created_on,block_number,value_usd\n2026-01-01T00:00:00.000Z,490,3.75\n';
    const calls = installFakeFetch(({ path }) => {
      if (path === `/quickswap/v3/positions/${tokenId}`) return { body: position({ is_tracked: true }) };
      if (path === '/quickswap/v3/tracked-positions') return { body: { positions: [trackedPosition()] } };
      if (path === historyPath) return { body: history() };
      if (path === `/quickswap/v3/positions/${tokenId}/history.csv?wallet_address=${walletAddress}`)
        return { body: csv };
      return undefined;
    });
    // jsdom saves no files: the blob handed to the download link is what would be saved.
    const saved: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:csv';
    };
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const { user } = renderRoute(detailPath);
      await user.click(await screen.findByRole('button', { name: 'download CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
    expect(await saved[0]?.text()).toBe(csv);
    expect(
      callsTo(calls, 'GET', `/quickswap/v3/positions/${tokenId}/history.csv?wallet_address=${walletAddress}`),
    ).toHaveLength(1);
  });
});

describe('V3 positions in the LP tools', () => {
  const tools = {
    tools: [{ id: 'quickswap', name: 'Quickswap', products: [{ name: 'lp-mining', farms: [] }] }],
  };

  function fakeLpToolsApi() {
    logIn();
    return installFakeFetch(({ method, path }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path === '/lp-tools/tools') return { body: tools };
      if (path === '/quickswap/v3/tracked-positions')
        return {
          body: {
            positions: [trackedPosition(), trackedPosition({ id: 8, wallet_address: watchedAddress })],
          },
        };
      if (path === `/quickswap/v3/positions/${tokenId}`) return { body: position({ is_tracked: true }) };
      if (path.startsWith(`/quickswap/v3/positions/${tokenId}/history`)) return { body: history() };
      if (method === 'POST' && path === '/quickswap/v3/lookup') return { body: { token_id: tokenId } };
      return undefined;
    });
  }

  it("lists 'quickswap / v3-positions' with each tracked position once, opening its view", async () => {
    fakeLpToolsApi();
    const { user, router } = renderRoute('/lp-tools/view/quickswap');
    const tree = await screen.findByRole('navigation', { name: 'LP tools' });
    expect(within(tree).getByText('v3-positions')).toBeInTheDocument();
    const links = await within(tree).findAllByRole('link', { name: `#${tokenId} WMATIC / USDC` });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', `/lp-tools/view/quickswap/v3-positions/${tokenId}`);
    // The tool's view lists the product too.
    expect(await screen.findByRole('heading', { name: 'v3-positions' })).toBeInTheDocument();

    await user.click(links[0]!);
    expect(router.state.location.pathname).toBe(`/lp-tools/view/quickswap/v3-positions/${tokenId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'WMATIC / USDC' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'returns' })).toBeInTheDocument();
  });

  it("'add' opens the form to open a position by id or link, which opens it in the LP tools", async () => {
    const calls = fakeLpToolsApi();
    const { user, router } = renderRoute('/lp-tools/view/quickswap');
    const tree = await screen.findByRole('navigation', { name: 'LP tools' });
    await user.click(within(tree).getByRole('button', { name: 'add v3-positions position' }));
    expect(router.state.location.pathname).toBe('/lp-tools/add/quickswap/v3-positions');
    const form = await screen.findByRole('form', { name: 'open a position' });
    await user.type(within(form).getByRole('textbox', { name: 'position id or link' }), tokenId);
    await user.click(within(form).getByRole('button', { name: 'open position' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/lp-tools/view/quickswap/v3-positions/${tokenId}`),
    );
    expect(callsTo(calls, 'POST', '/quickswap/v3/lookup')[0]?.body).toEqual({ query: tokenId });
  });
});
