import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { callsTo, errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { ethereumWallet, polygonWallet } from '../../farms/testing/fixtures.ts';
import {
  farmedPosition,
  fullRangePosition,
  merklOk,
  position,
  snapshot,
  tokenId,
  trackedPosition,
  unpricedPosition,
  walletAddress,
  walletPositions,
  watchedAddress,
} from '../testing/fixtures.ts';

const logIn = () => window.sessionStorage.setItem(sessionTokenKey, 'token-1');

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
const watchOnlyWallet = {
  ...polygonWallet,
  id: 9,
  name: 'cold storage',
  address: watchedAddress,
  is_watch_only: true,
};
const walletsPath = (address: string) => `/quickswap/v3/positions?wallet_address=${address}`;

describe('V3 positions tool screen', () => {
  it("has the tools' layout: heading, wallet control, the form to open a position, All / Tracked tabs", async () => {
    installFakeFetch();
    renderRoute('/quickswap/v3-positions');
    expect(screen.getByRole('heading', { level: 1, name: 'V3 positions tool' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'connect to metamask' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'open a position' })).toBeInTheDocument();
    // A visitor sees All, which lists the saved wallets' positions: that needs an account.
    expect(screen.getByRole('tab', { name: 'All positions' })).toHaveAttribute('aria-selected', 'true');
    const list = screen.getByRole('region', { name: 'position list' });
    expect(within(list).getByRole('link', { name: 'log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fquickswap%2Fv3-positions',
    );
    expect(list).toHaveTextContent('log in to see the positions of your saved wallets');
  });

  it("opens on 'Tracked' with a session: each tracked position's newest snapshot", async () => {
    logIn();
    installFakeFetch(({ path }) =>
      path === '/quickswap/v3/tracked-positions'
        ? {
            body: {
              positions: [trackedPosition(), trackedPosition({ id: 8, token_id: '77', snapshot: null })],
            },
          }
        : undefined,
    );
    renderRoute('/quickswap/v3-positions');
    expect(screen.getByRole('tab', { name: 'Tracked positions' })).toHaveAttribute('aria-selected', 'true');
    const card = await screen.findByRole('article', { name: `position #${tokenId} WMATIC / USDC` });
    expect(card).toHaveTextContent('tracked with 0x1234…5678');
    expect(card).toHaveTextContent('in range');
    expect(card).toHaveTextContent('1.5 WMATIC');
    expect(card).toHaveTextContent('3 USDC');
    expect(within(card).getByText('$3.75')).toBeInTheDocument();
    expect(card).toHaveTextContent('3 minutes ago');
    expect(within(card).getByRole('link', { name: 'details' })).toHaveAttribute(
      'href',
      `/quickswap/v3-positions/details/${tokenId}`,
    );
    const waiting = screen.getByRole('article', { name: 'position #77 WMATIC / USDC' });
    expect(waiting).toHaveTextContent('no snapshot yet');
  });

  it('shows farming rewards on a snapshot only when the position was farmed, an unknown price as unknown', async () => {
    logIn();
    const unfarmed = trackedPosition({ snapshot: snapshot({ is_farmed: false, rewards_usd: 0 }) });
    const farmedUnpriced = trackedPosition({
      id: 8,
      token_id: '77',
      snapshot: snapshot({ is_farmed: true, rewards_usd: null }),
    });
    const farmedPriced = trackedPosition({
      id: 9,
      token_id: '78',
      snapshot: snapshot({ is_farmed: true, rewards_usd: 1.5 }),
    });
    installFakeFetch(({ path }) =>
      path === '/quickswap/v3/tracked-positions'
        ? { body: { positions: [unfarmed, farmedUnpriced, farmedPriced] } }
        : undefined,
    );
    renderRoute('/quickswap/v3-positions');
    const card = await screen.findByRole('article', { name: `position #${tokenId} WMATIC / USDC` });
    expect(within(card).queryByText('farming rewards')).not.toBeInTheDocument();
    const unpriced = screen.getByRole('article', { name: 'position #77 WMATIC / USDC' });
    expect(unpriced).toHaveTextContent('farming rewardsunknown');
    const priced = screen.getByRole('article', { name: 'position #78 WMATIC / USDC' });
    expect(priced).toHaveTextContent('farming rewards$1.50');
  });

  it("says so when nothing is tracked, and shows a failed list with 'retry'", async () => {
    logIn();
    let attempts = 0;
    installFakeFetch(({ path }) => {
      if (path !== '/quickswap/v3/tracked-positions') return undefined;
      attempts += 1;
      return attempts === 1
        ? errorReply(429, 'RATE_LIMITED', 'the list is unavailable')
        : { body: { positions: [] } };
    });
    const { user } = renderRoute('/quickswap/v3-positions');
    expect(await screen.findByText('the list is unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByText('you are not tracking any V3 positions yet')).toBeInTheDocument();
  });

  it("a card reads a range at the extreme ticks as 'full range', and a bound at one as '0' or '∞'", async () => {
    logIn();
    const halfOpen = fullRangePosition({ token_id: '4041', tick_upper: -281_000, price_upper: '0.6' });
    installFakeFetch(({ path }) => {
      if (path === '/quickswap/v3/tracked-positions') return { body: { positions: [] } };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === walletsPath(walletAddress))
        return { body: walletPositions([fullRangePosition(), halfOpen]) };
      return undefined;
    });
    const { user } = renderRoute('/quickswap/v3-positions');
    await user.click(screen.getByRole('tab', { name: 'All positions' }));

    const full = await screen.findByRole('article', { name: 'position #4040 WMATIC / USDC' });
    expect(within(full).getByText('full range')).toBeInTheDocument();
    expect(full).not.toHaveTextContent(/338,?492/);
    const half = screen.getByRole('article', { name: 'position #4041 WMATIC / USDC' });
    expect(within(half).getByText('0 – 0.6 USDC per WMATIC')).toBeInTheDocument();
  });

  it("'All' reads each saved Polygon wallet's positions, one request per wallet, with the card's figures", async () => {
    logIn();
    const out = { ...position({ token_id: '4030', in_range: false }) };
    const calls = installFakeFetch(({ path }) => {
      // The farmed one is tracked with this wallet (the list's answer may not say so yet).
      if (path === '/quickswap/v3/tracked-positions')
        return { body: { positions: [trackedPosition({ token_id: '4022' })] } };
      if (path === '/wallets/connected')
        return { body: { wallets: [polygonWallet, ethereumWallet, watchOnlyWallet] } };
      if (path === walletsPath(walletAddress))
        return { body: walletPositions([position(), farmedPosition(), out]) };
      if (path === walletsPath(watchedAddress))
        return { body: walletPositions([], { ...merklOk, rewards: [], usd: 0 }, watchedAddress) };
      return undefined;
    });
    const { user } = renderRoute('/quickswap/v3-positions');
    await user.click(screen.getByRole('tab', { name: 'All positions' }));

    const card = await screen.findByRole('article', { name: `position #${tokenId} WMATIC / USDC` });
    expect(card).toHaveTextContent('in range');
    expect(within(card).getByText('0.4 – 0.6 USDC per WMATIC')).toBeInTheDocument();
    expect(within(card).getByText('0.5 USDC per WMATIC')).toBeInTheDocument();
    expect(within(card).getByText('1.5 WMATIC ($0.75)')).toBeInTheDocument();
    expect(within(card).getByText('3 USDC ($3.00)')).toBeInTheDocument();
    expect(within(card).getByText('$3.75')).toBeInTheDocument();
    expect(within(card).getByText('0.02 WMATIC + 0.02 USDC ($0.03)')).toBeInTheDocument();
    expect(within(card).queryByText(/farming rewards/)).not.toBeInTheDocument();

    const farmed = screen.getByRole('article', { name: 'position #4022 WMATIC / USDC' });
    expect(within(farmed).getByText('farmed')).toBeInTheDocument();
    expect(within(farmed).getByText('2 QUICK ($1.20) pending')).toBeInTheDocument();
    expect(within(farmed).getByText('0.5 QUICK ($0.30) unclaimed')).toBeInTheDocument();
    expect(within(farmed).getByText('$1.50')).toBeInTheDocument();
    expect(await within(farmed).findByText('tracked')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'track' })).toBeInTheDocument();

    expect(screen.getByRole('article', { name: 'position #4030 WMATIC / USDC' })).toHaveTextContent(
      'out of range',
    );

    const mine = screen.getByRole('region', { name: 'wallet 0x1234…5678' });
    expect(within(mine).getByText('Merkl rewards: 12.5 QUICK ($6.25)')).toBeInTheDocument();
    const watched = screen.getByRole('region', { name: 'wallet 0x9999…9999' });
    expect(watched).toHaveTextContent('watch-only');
    expect(within(watched).getByText('no V3 positions in this wallet')).toBeInTheDocument();
    expect(within(watched).getByText('no Merkl rewards')).toBeInTheDocument();

    // The Ethereum wallet is not asked about: QuickSwap V3 here is on Polygon.
    const positionCalls = calls.filter((call) => call.path.startsWith('/quickswap/v3/positions?'));
    expect(positionCalls.map((call) => call.path).sort()).toEqual(
      [walletsPath(walletAddress), walletsPath(watchedAddress)].sort(),
    );
  });

  it("says 'Merkl rewards unknown' when Merkl never answered (never $0), and the last known value with its age when stale", async () => {
    logIn();
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000 - 60_000).toISOString();
    installFakeFetch(({ path }) => {
      if (path === '/quickswap/v3/tracked-positions') return { body: { positions: [] } };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet, watchOnlyWallet] } };
      if (path === walletsPath(walletAddress))
        return {
          body: walletPositions([position()], { status: 'unknown', as_of: null, rewards: [], usd: null }),
        };
      if (path === walletsPath(watchedAddress))
        return {
          body: walletPositions([], { ...merklOk, status: 'stale', as_of: threeHoursAgo }, watchedAddress),
        };
      return undefined;
    });
    renderRoute('/quickswap/v3-positions?tab=all');
    const mine = await screen.findByRole('region', { name: 'wallet 0x1234…5678' });
    expect(await within(mine).findByText('Merkl rewards unknown')).toBeInTheDocument();
    expect(mine).not.toHaveTextContent('Merkl rewards: ');
    const watched = screen.getByRole('region', { name: 'wallet 0x9999…9999' });
    expect(
      await within(watched).findByText('Merkl rewards: 12.5 QUICK ($6.25), last known 3 hours ago'),
    ).toBeInTheDocument();
  });

  it('shows amounts and an unknown USD for a pool whose tokens have no price', async () => {
    logIn();
    installFakeFetch(({ path }) => {
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (path === walletsPath(walletAddress)) return { body: walletPositions([unpricedPosition()]) };
      return undefined;
    });
    renderRoute('/quickswap/v3-positions?tab=all');
    const card = await screen.findByRole('article', { name: 'position #4023 WMATIC / USDC' });
    expect(within(card).getByText('1.5 WMATIC (unknown)')).toBeInTheDocument();
    expect(within(card).getByText('3 USDC (unknown)')).toBeInTheDocument();
    expect(within(card).getByText('0.02 WMATIC + 0.02 USDC (unknown)')).toBeInTheDocument();
    const value = within(card).getByText('value').nextElementSibling;
    expect(value).toHaveTextContent('unknown');
    expect(card).not.toHaveTextContent('$0.00');
  });

  it("a wallet whose read failed says so with 'retry' while the others show", async () => {
    logIn();
    let attempts = 0;
    installFakeFetch(({ path }) => {
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet, watchOnlyWallet] } };
      if (path === walletsPath(walletAddress)) return { body: walletPositions([position()]) };
      if (path === walletsPath(watchedAddress)) {
        attempts += 1;
        return attempts === 1
          ? errorReply(429, 'RATE_LIMITED', 'too many refreshes, try again in a minute')
          : { body: walletPositions([], merklOk, watchedAddress) };
      }
      return undefined;
    });
    const { user } = renderRoute('/quickswap/v3-positions?tab=all');
    const watched = await screen.findByRole('region', { name: 'wallet 0x9999…9999' });
    expect(await within(watched).findByText('too many refreshes, try again in a minute')).toBeInTheDocument();
    expect(
      await screen.findByRole('article', { name: `position #${tokenId} WMATIC / USDC` }),
    ).toBeInTheDocument();
    await user.click(within(watched).getByRole('button', { name: 'retry' }));
    expect(await within(watched).findByText('no V3 positions in this wallet')).toBeInTheDocument();
  });

  it("'track' on an 'All' card tracks the position with the wallet it was read for (a watch-only one too)", async () => {
    logIn();
    let tracked = false;
    const calls = installFakeFetch(({ method, path }) => {
      if (path === '/quickswap/v3/tracked-positions')
        return { body: { positions: tracked ? [trackedPosition({ wallet_address: watchedAddress })] : [] } };
      if (path === '/wallets/connected') return { body: { wallets: [watchOnlyWallet] } };
      if (path === walletsPath(watchedAddress))
        return {
          body: walletPositions(
            [position({ owner: watchedAddress, is_tracked: tracked })],
            merklOk,
            watchedAddress,
          ),
        };
      if (method === 'POST' && path === '/quickswap/v3/track') {
        tracked = true;
        return { body: trackedPosition({ wallet_address: watchedAddress }) };
      }
      return undefined;
    });
    const { user } = renderRoute('/quickswap/v3-positions?tab=all');
    const card = await screen.findByRole('article', { name: `position #${tokenId} WMATIC / USDC` });
    await user.click(within(card).getByRole('button', { name: 'track' }));
    expect(await within(card).findByText('tracked')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/quickswap/v3/track').map((call) => call.body)).toEqual([
      { token_id: tokenId, wallet_address: watchedAddress },
    ]);
    await user.click(screen.getByRole('tab', { name: 'Tracked positions' }));
    const trackedCard = await screen.findByRole('article', { name: `position #${tokenId} WMATIC / USDC` });
    expect(trackedCard).toHaveTextContent('tracked with 0x9999…9999');
  });

  it("'untrack' asks first, then stops tracking the entry", async () => {
    logIn();
    let isTracked = true;
    const calls = installFakeFetch(({ method, path }) => {
      if (path === '/quickswap/v3/tracked-positions')
        return { body: { positions: isTracked ? [trackedPosition()] : [] } };
      if (method === 'DELETE' && path === '/quickswap/v3/tracked-positions/7') {
        isTracked = false;
        return { status: 204 };
      }
      return undefined;
    });
    const { user } = renderRoute('/quickswap/v3-positions');
    const card = await screen.findByRole('article', { name: `position #${tokenId} WMATIC / USDC` });
    await user.click(within(card).getByRole('button', { name: 'untrack' }));
    // jsdom has no showModal(): the native dialog stays closed to the accessibility tree there.
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByRole('heading', { hidden: true })).toHaveTextContent(
      `stop tracking position #${tokenId}?`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'untrack', hidden: true }));
    expect(await screen.findByText('you are not tracking any V3 positions yet')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/quickswap/v3/tracked-positions/7')).toHaveLength(1);
  });

  it("'refresh' takes a snapshot now for the tracked wallet, once however often it is clicked", async () => {
    logIn();
    let refreshed = false;
    const calls = installFakeFetch(({ method, path }) => {
      if (path === '/quickswap/v3/tracked-positions')
        return {
          body: {
            positions: [
              trackedPosition({
                snapshot: { ...trackedPosition().snapshot!, value_usd: refreshed ? 4.25 : 3.75 },
              }),
            ],
          },
        };
      if (method === 'POST' && path === `/quickswap/v3/positions/${tokenId}/refresh`) {
        refreshed = true;
        return { body: trackedPosition() };
      }
      return undefined;
    });
    const release = holdCalls(`/quickswap/v3/positions/${tokenId}/refresh`);
    const { user } = renderRoute('/quickswap/v3-positions');
    const card = await screen.findByRole('article', { name: `position #${tokenId} WMATIC / USDC` });
    await user.click(within(card).getByRole('button', { name: 'refresh' }));
    const updating = await within(card).findByRole('button', { name: 'updating' });
    await user.click(updating);
    await user.click(updating);
    release();
    expect(await within(card).findByText('$4.25')).toBeInTheDocument();
    const posts = callsTo(calls, 'POST', `/quickswap/v3/positions/${tokenId}/refresh`);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ wallet_address: walletAddress });
  });
});

describe('opening a position by id or link', () => {
  it('opens the position a pasted id or QuickSwap link names', async () => {
    const calls = installFakeFetch(({ method, path, body }) => {
      if (method === 'POST' && path === '/quickswap/v3/lookup') {
        const query = (body as { query: string }).query;
        return query.includes('nonsense')
          ? errorReply(400, 'VALIDATION', 'request is invalid', [
              { field: 'body.query', message: 'not a position id or a QuickSwap position link' },
            ])
          : { body: { token_id: tokenId } };
      }
      if (path === `/quickswap/v3/positions/${tokenId}`) return { body: position() };
      return undefined;
    });
    const { user, router } = renderRoute('/quickswap/v3-positions');
    const form = screen.getByRole('form', { name: 'open a position' });
    const field = within(form).getByRole('textbox', { name: 'position id or link' });

    await user.type(field, 'nonsense');
    await user.click(within(form).getByRole('button', { name: 'open position' }));
    expect(
      await within(form).findByText('not a position id or a QuickSwap position link'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, `https://quickswap.exchange/#/pool/${tokenId}`);
    await user.click(within(form).getByRole('button', { name: 'open position' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/quickswap/v3-positions/details/${tokenId}`),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'WMATIC / USDC' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/quickswap/v3/lookup').map((call) => call.body)).toEqual([
      { query: 'nonsense' },
      { query: `https://quickswap.exchange/#/pool/${tokenId}` },
    ]);
  });
});
