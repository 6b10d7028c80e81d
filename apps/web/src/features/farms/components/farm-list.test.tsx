import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import {
  type FakeWallet,
  fakeWalletAccount,
  installFakeWallet,
} from '../../../lib/wallet/testing/fake-wallet.ts';
import { callsTo, errorReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  dualItem,
  ethereumWallet,
  farmAddress,
  lpItem,
  polygonWallet,
  walletAddress,
} from '../testing/fixtures.ts';
import { answerFarmIndex } from './position-actions-test-index.ts';
import { fakeRunner } from './position-actions-test-runner.tsx';

// The transactions feature's runner (wagmi) is its own lane's to test; here a stand-in records the request.
vi.mock(
  './position-actions-runner.ts',
  async () => (await import('./position-actions-test-runner.tsx')).runnerModule,
);

let wallet: FakeWallet | undefined;
afterEach(() => {
  wallet?.uninstall();
  wallet = undefined;
  fakeRunner.reset();
});

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

describe('farm list (tool screens)', () => {
  it('defaults to All Quickswap Farms for a visitor and asks to log in to import', async () => {
    const calls = installFakeFetch(({ path }) =>
      path === '/quickswap/farmable-pools' ? { body: [] } : undefined,
    );
    renderRoute('/quickswap/lp-mining');
    expect(screen.getByRole('heading', { name: 'liquidity-pool tool' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Quickswap Farms' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'log in to import a farm' })).toHaveAttribute('href', '/login');
    expect(
      await screen.findByText(
        'no farms imported yet — import one above, or from the list of every QuickSwap farm below',
      ),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/quickswap/farmable-pools')).toHaveLength(1);
  });

  it('defaults to Tracked Farms with a session token', async () => {
    logIn();
    installFakeFetch(({ path }) =>
      path === '/quickswap/dual-mining/tracked-farms' ? { body: [] } : undefined,
    );
    renderRoute('/quickswap/dual-mining');
    expect(screen.getByRole('heading', { name: 'dual-mining tool' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tracked Farms' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('you are not tracking any farms yet')).toBeInTheDocument();
    expect(screen.getByText("let's get started")).toBeInTheDocument();
  });

  it('says when the next automatic snapshot is due, and when and why the last one failed', async () => {
    const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    const due = {
      ...lpItem(),
      // Half a minute over 40: the text reads the same however long the lazy route takes to render.
      automatic_snapshot: { next_at: minutes(40.5), last_error: null, last_error_at: null },
    };
    const failed = {
      ...lpItem(),
      farm: { ...lpItem().farm, address: '0x3333333333333333333333333333333333333333' },
      automatic_snapshot: {
        next_at: minutes(1),
        last_error: 'the RPC timed out',
        last_error_at: minutes(-5),
      },
    };
    installFakeFetch(({ path }) =>
      path === '/quickswap/farmable-pools' ? { body: [due, failed] } : undefined,
    );
    renderRoute('/quickswap/lp-mining');
    expect(await screen.findByText('next automatic snapshot in 40 minutes')).toBeInTheDocument();
    expect(
      screen.getByText('last automatic snapshot failed 5 minutes ago: the RPC timed out'),
    ).toBeInTheDocument();
  });

  it('shows a card with USD to 2 decimals, unknown for a missing price, shares as percentages and links', async () => {
    installFakeFetch(({ path }) => (path === '/quickswap/farmable-pools' ? { body: [lpItem()] } : undefined));
    renderRoute('/quickswap/lp-mining');
    const card = await screen.findByRole('article', { name: 'farm WMATIC / USDC' });
    const pool = within(card).getByRole('region', { name: 'pool snapshot' });
    expect(pool).toHaveTextContent('$2,000,000.46');
    expect(pool).toHaveTextContent('3 minutes ago');
    const farm = within(card).getByRole('region', { name: 'farm snapshot' });
    expect(farm).toHaveTextContent('$500,000.00');
    expect(farm).toHaveTextContent('25.00%');
    expect(farm).toHaveTextContent('12.34%');
    const position = within(card).getByRole('region', { name: 'position snapshot' });
    expect(position).toHaveTextContent('$1,234.50');
    expect(position).toHaveTextContent('0.25%');
    expect(position).toHaveTextContent('12.345678 dQUICK (unknown)');
    expect(within(card).getByRole('link', { name: 'View Farm' })).toHaveAttribute(
      'href',
      `/quickswap/lp-mining/details/${farmAddress}`,
    );
    expect(within(card).getByRole('link', { name: 'farm on polygonscan' })).toHaveAttribute(
      'href',
      `https://polygonscan.com/address/${farmAddress}`,
    );
    // quickswap.exchange lists no V2 farm any more: the link opens the farm page that exists, and says so.
    expect(
      within(card).getByRole('link', { name: 'QuickSwap farms (QuickSwap no longer lists V2 farms)' }),
    ).toHaveAttribute('href', 'https://quickswap.exchange/#/farm');
    expect(within(card).queryByText('ended')).not.toBeInTheDocument();
  });

  it('marks an ended farm and gives dual cards a view button to /farm/{address}', async () => {
    const item = dualItem();
    if (item.farm.snapshot) item.farm.snapshot = { ...item.farm.snapshot, is_ended: true, apr: 0 };
    installFakeFetch(({ path }) => (path === '/quickswap/dual-mining/farms' ? { body: [item] } : undefined));
    renderRoute('/quickswap/dual-mining');
    const card = await screen.findByRole('article', { name: 'farm WETH / MYST' });
    expect(within(card).getByText('ended')).toBeInTheDocument();
    expect(within(card).getByText('APR 0.00%')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'view' })).toHaveAttribute('href', `/farm/${farmAddress}`);
    expect(
      within(card).getByRole('link', { name: 'QuickSwap farms (QuickSwap no longer lists V2 farms)' }),
    ).toHaveAttribute('href', 'https://quickswap.exchange/#/farm');
    const position = within(card).getByRole('region', { name: 'position snapshot' });
    expect(position).toHaveTextContent('$100.00');
    expect(position).toHaveTextContent('1.5 WMATIC ($0.75)');
    expect(position).toHaveTextContent('3 MYST (unknown)');
  });

  it("refresh shows 'updating' and ignores clicks while it runs, then shows the new snapshot", async () => {
    logIn();
    const fresh = lpItem();
    if (fresh.farm_position_snapshot) fresh.farm_position_snapshot.total_liquidity_usd = 4321;
    const calls = installFakeFetch(({ path }) => {
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [lpItem()], dual_mining: [] } };
      if (path === '/quickswap/create-snapshots') return { body: fresh };
      return undefined;
    });
    const release = holdCalls('/quickswap/create-snapshots');
    const { user } = renderRoute('/quickswap/lp-mining');
    const card = await screen.findByRole('article', { name: 'farm WMATIC / USDC' });
    await user.click(within(card).getByRole('button', { name: 'refresh' }));
    const updating = await within(card).findByRole('button', { name: 'updating' });
    await user.click(updating);
    await user.click(updating);
    release();
    await within(card).findByText('$4,321.00');
    const posts = callsTo(calls, 'POST', '/quickswap/create-snapshots');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ address: farmAddress, account_address: walletAddress });
    expect(posts[0]?.headers.authorization).toBe('Bearer token-1');
  });

  it('keeps the last good snapshot when a refresh fails and offers a retry', async () => {
    logIn();
    let attempts = 0;
    installFakeFetch(({ path }) => {
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [lpItem()], dual_mining: [] } };
      if (path === '/quickswap/create-snapshots') {
        attempts += 1;
        return errorReply(502, 'CHAIN_UNAVAILABLE', 'the chain did not answer');
      }
      return undefined;
    });
    const { user } = renderRoute('/quickswap/lp-mining');
    const card = await screen.findByRole('article', { name: 'farm WMATIC / USDC' });
    await user.click(within(card).getByRole('button', { name: 'refresh' }));
    expect(await within(card).findByText('the chain did not answer')).toBeInTheDocument();
    expect(within(card).getByText('$1,234.50')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'retry' }));
    await waitFor(() => expect(attempts).toBe(2));
  });

  it('shows a failed list with a retry', async () => {
    let attempts = 0;
    installFakeFetch(({ path }) => {
      if (path !== '/quickswap/farmable-pools') return undefined;
      attempts += 1;
      return attempts === 1 ? errorReply(429, 'RATE_LIMITED', 'the list is unavailable') : { body: [] };
    });
    const { user } = renderRoute('/quickswap/lp-mining');
    await user.click(await screen.findByRole('button', { name: 'retry' }));
    expect(
      await screen.findByText(
        'no farms imported yet — import one above, or from the list of every QuickSwap farm below',
      ),
    ).toBeInTheDocument();
  });

  it("track opens 'choose wallet to track' with the saved Polygon wallets and tracks with the chosen one", async () => {
    logIn();
    const calls = installFakeFetch(({ path }) => {
      if (path === '/quickswap/dual-mining/tracked-farms') return { body: [] };
      if (path === '/quickswap/dual-mining/farms')
        return { body: [{ ...dualItem(), account_address: null, farm_position_snapshot: null }] };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet, ethereumWallet] } };
      if (path === '/quickswap/dual-mining/tracked-farm') {
        return { body: { is_new: true, item: dualItem(), snapshot_error: null } };
      }
      return undefined;
    });
    const { user } = renderRoute('/quickswap/dual-mining');
    await user.click(screen.getByRole('tab', { name: 'All Quickswap Farms' }));
    const card = await screen.findByRole('article', { name: 'farm WETH / MYST' });
    await user.click(within(card).getByRole('button', { name: 'track' }));
    const chooser = within(card).getByRole('dialog', { name: 'choose wallet to track' });
    const choice = await within(chooser).findByRole('button', { name: /track address 0x1234…5678/ });
    expect(choice).toHaveTextContent('MetaMask');
    expect(choice).toHaveTextContent('Polygon');
    expect(within(chooser).getAllByRole('button', { name: /track address/ })).toHaveLength(1);
    await user.click(choice);
    expect(await within(card).findByText('tracking with 0x1234…5678')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/quickswap/dual-mining/tracked-farm')[0]?.body).toEqual({
      farm_address: farmAddress,
      wallet_address: walletAddress,
    });
  });

  it("a tracked dual farm's card offers the actions to its proved wallet connected in MetaMask, claiming both rewards", async () => {
    logIn();
    const account = fakeWalletAccount.address;
    wallet = installFakeWallet({ isAuthorized: true });
    const item = dualItem();
    const tracked = {
      ...item,
      account_address: account,
      farm_position_snapshot: { ...item.farm_position_snapshot!, account_address: account },
    };
    const calls = installFakeFetch(({ path }) => {
      if (path === '/quickswap/dual-mining/tracked-farms') return { body: [tracked] };
      if (path === '/wallets/connected')
        return { body: { wallets: [{ ...polygonWallet, address: account }] } };
      return answerFarmIndex(path, [tracked.farm.address]);
    });
    const { user } = renderRoute('/quickswap/dual-mining');
    // Once MetaMask is connected the list is read for its account: the card is drawn again, so look it up anew.
    const claimButton = () =>
      within(screen.getByRole('article', { name: 'farm WETH / MYST' })).getByRole('button', {
        name: 'claim rewards',
      });
    await waitFor(() => expect(claimButton()).toBeEnabled());
    await user.click(claimButton());
    const run = await fakeRunner.opened();
    expect(run.wallet).toBe(account);
    expect(run.request.functionSignature).toBe('getReward()');
    expect(run.request.receives.map((r) => [r.symbol, r.amount, r.usd])).toEqual([
      ['WMATIC', '1.5', 0.75],
      ['MYST', '3', null],
    ]);
    const listCalls = () => callsTo(calls, 'GET', '/quickswap/dual-mining/tracked-farms').length;
    const before = listCalls();
    run.finish('confirmed');
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });

  it("a card on the Tracked tab offers 'untrack' and no 'track'; the same farm on All offers 'track'", async () => {
    logIn();
    const tracked = { ...dualItem(), account_address: walletAddress };
    installFakeFetch(({ path }) => {
      if (path === '/quickswap/dual-mining/tracked-farms') return { body: [tracked] };
      if (path === '/quickswap/dual-mining/farms') return { body: [dualItem()] };
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      return answerFarmIndex(path, []);
    });
    const { user } = renderRoute('/quickswap/dual-mining');
    const card = await screen.findByRole('article', { name: 'farm WETH / MYST' });
    expect(within(card).getByRole('button', { name: 'untrack' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'track' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All Quickswap Farms' }));
    const listed = await screen.findByRole('article', { name: 'farm WETH / MYST' });
    expect(within(listed).getByRole('button', { name: 'track' })).toBeInTheDocument();
  });

  it('a card of a watch-only wallet shows the actions disabled, with the reason', async () => {
    logIn();
    installFakeFetch(({ path }) => {
      if (path === '/quickswap/dual-mining/tracked-farms') return { body: [dualItem()] };
      if (path === '/wallets/connected')
        return { body: { wallets: [{ ...polygonWallet, is_watch_only: true }] } };
      return undefined;
    });
    renderRoute('/quickswap/dual-mining');
    const card = await screen.findByRole('article', { name: 'farm WETH / MYST' });
    const actions = await within(card).findByRole('region', { name: 'actions on this position' });
    expect(actions).toHaveTextContent('watch-only wallet: claiming and withdrawing need a wallet you proved');
    for (const name of ['claim rewards', 'withdraw', 'withdraw all and claim']) {
      expect(within(actions).getByRole('button', { name })).toBeDisabled();
    }
  });
});
