import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notAFarmAddressMessage } from '../../features/farms/farm-address.ts';
import { farmAddress, lpItem, polygonWallet, walletAddress } from '../../features/farms/testing/fixtures.ts';
import { sessionTokenKey } from '../../lib/session.ts';
import { callsTo, errorReply, installFakeFetch } from '../../test/fake-fetch.ts';
import { openAppAt, renderRoute } from '../../test/render-route.tsx';

const detailPath = `/quickswap/lp-mining/details/${farmAddress}`;

function detail(accountAddress: string | null) {
  const item = lpItem();
  return {
    farm: item.farm,
    pool: item.pool,
    account_address: accountAddress,
    farm_position_snapshots: [],
    returns: null,
    chart: [],
    history: null,
  };
}

describe('farm detail loader (its data comes with the screen chunk, not after the first render)', () => {
  it("shows the tracking wallet's farm on the first render, with no 'loading farm...' to replace", async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const calls = installFakeFetch(({ path }) => {
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [lpItem()], dual_mining: [] } };
      if (path.startsWith(`/quickswap/farm/details/${farmAddress}`)) return { body: detail(walletAddress) };
      return undefined;
    });
    await openAppAt(detailPath);

    expect(screen.getByRole('heading', { level: 1, name: 'WMATIC / USDC' })).toBeInTheDocument();
    expect(screen.queryByText('loading farm...')).not.toBeInTheDocument();
    // The loader asked for the position of the wallet tracking the farm, and the screen read what it fetched.
    // (The prices panel below asks for the farm's price choices apart: not a detail call.)
    const detailCalls = calls.filter(
      (call) => call.path.startsWith('/quickswap/farm/details/') && !call.path.endsWith('/price-choices'),
    );
    expect(detailCalls.map((call) => call.path)).toEqual([
      `/quickswap/farm/details/${farmAddress}?account=${walletAddress}`,
    ]);
    expect(callsTo(calls, 'GET', '/quickswap/tracked-summary')).toHaveLength(1);
  });

  it('asks for the public detail only, and not for the tracked farms, without a token', async () => {
    const calls = installFakeFetch(({ path }) =>
      path.startsWith('/quickswap/farm/details/') ? { body: detail(null) } : undefined,
    );
    await openAppAt(detailPath);

    expect(screen.getByRole('heading', { level: 1, name: 'WMATIC / USDC' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(`/quickswap/farm/details/${farmAddress}`);
    expect(callsTo(calls, 'GET', '/quickswap/tracked-summary')).toHaveLength(0);
  });

  it('leaves a failed fetch to the screen, which tries once more and shows the error', async () => {
    installFakeFetch(({ path }) =>
      path.startsWith('/quickswap/farm/details/')
        ? errorReply(404, 'NOT_FOUND', 'farm not found')
        : undefined,
    );
    await openAppAt(detailPath);

    expect(await screen.findByText('farm not found')).toBeInTheDocument();
  });
});

describe('tracking a farm from its page', () => {
  it("tracks it with a chosen wallet, then shows that wallet's position", async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    let isTracked = false;
    const calls = installFakeFetch(({ method, path }) => {
      if (path === '/quickswap/tracked-summary') {
        return { body: { lp_mining: isTracked ? [lpItem()] : [], dual_mining: [] } };
      }
      if (path === '/wallets/connected') return { body: { wallets: [polygonWallet] } };
      if (method === 'POST' && path === '/quickswap/track-farmable-pool') {
        isTracked = true;
        return { body: { is_new: true, item: lpItem(), snapshot_error: null } };
      }
      if (path.startsWith(`/quickswap/farm/details/${farmAddress}`)) {
        return { body: detail(path.includes('account=') ? walletAddress : null) };
      }
      return undefined;
    });
    const user = userEvent.setup();
    await openAppAt(detailPath);
    expect(screen.getByText('track this farm with a wallet to follow your position')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'track' }));
    const chooser = screen.getByRole('dialog', { name: 'choose wallet to track' });
    await user.click(await within(chooser).findByRole('button', { name: /track address 0x1234…5678/ }));

    expect(await screen.findByText('no position snapshots yet')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/quickswap/track-farmable-pool')[0]?.body).toEqual({
      farm_address: farmAddress,
      wallet_address: walletAddress,
    });
    expect(calls.map((call) => call.path)).toContain(
      `/quickswap/farm/details/${farmAddress}?account=${walletAddress}`,
    );
  });

  it('offers no track button to a visitor without a session', async () => {
    installFakeFetch(({ path }) =>
      path.startsWith('/quickswap/farm/details/') ? { body: detail(null) } : undefined,
    );
    await openAppAt(detailPath);
    expect(screen.getByText('track this farm with a wallet to follow your position')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'track' })).not.toBeInTheDocument();
  });
});

describe("a farm's status on its page", () => {
  it.each([
    ['not started', { period_finish: '1970-01-01T00:00:00.000Z', is_ended: false }],
    ['ended 2026-11-16', { period_finish: '2026-11-16T08:00:00.000Z', is_ended: true }],
  ])("says '%s' beside its APR", async (status, period) => {
    const item = lpItem();
    const farm = { ...item.farm, snapshot: { ...item.farm.snapshot!, ...period } };
    installFakeFetch(({ path }) =>
      path.startsWith('/quickswap/farm/details/') ? { body: { ...detail(null), farm } } : undefined,
    );
    await openAppAt(detailPath);

    expect(screen.getByText(status)).toBeInTheDocument();
  });

  it('says an active farm is nothing but its APR', async () => {
    installFakeFetch(({ path }) =>
      path.startsWith('/quickswap/farm/details/') ? { body: detail(null) } : undefined,
    );
    await openAppAt(detailPath);

    expect(screen.getByText(/^APR /)).toBeInTheDocument();
    expect(screen.queryByText(/^(not started|ended|paused)/)).not.toBeInTheDocument();
  });
});

describe('a farm address that cannot name a farm', () => {
  it('says so in plain words and asks the server for nothing', async () => {
    const calls = installFakeFetch();
    await openAppAt('/quickswap/lp-mining/details/0xnotanaddress');

    expect(await screen.findByText(notAFarmAddressMessage('0xnotanaddress'))).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/quickswap/farm/details/'))).toEqual([]);
  });
});

describe("on the way to a farm's screen", () => {
  it("shows 'loading farm...' in place of the screen left behind until the farm is in (spec screen 6)", async () => {
    installFakeFetch(({ path }) =>
      path.startsWith('/quickswap/farm/details/') ? { body: detail(null) } : undefined,
    );
    // The farm's answer is held back, as on a slow connection, until the test lets it through.
    const answer = globalThis.fetch;
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/quickswap/farm/details/')) await held;
      return answer(input, init);
    });
    const { router } = renderRoute('/');
    expect(screen.getByRole('heading', { name: 'navigate the storms of crypto' })).toBeInTheDocument();

    await act(async () => {
      void router.navigate(detailPath);
    });
    expect(await screen.findByText('loading farm...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'navigate the storms of crypto' })).not.toBeInTheDocument();

    letThrough();
    expect(await screen.findByRole('heading', { level: 1, name: 'WMATIC / USDC' })).toBeInTheDocument();
    expect(screen.queryByText('loading farm...')).not.toBeInTheDocument();
  });
});
