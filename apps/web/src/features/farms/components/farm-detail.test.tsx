import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { statusPolling } from '../../../lib/status-polling.ts';
import {
  type FakeWallet,
  fakeWalletAccount,
  installFakeWallet,
} from '../../../lib/wallet/testing/fake-wallet.ts';
import { callsTo, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';
import { farmAddress, lpItem, polygonWallet, walletAddress } from '../testing/fixtures.ts';
import { answerFarmIndex } from './position-actions-test-index.ts';
import { fakeRunner } from './position-actions-test-runner.tsx';

// The transactions feature's runner (wagmi) is its own lane's to test; here a stand-in records the request.
vi.mock(
  './position-actions-runner.ts',
  async () => (await import('./position-actions-test-runner.tsx')).runnerModule,
);

// jsdom cannot draw lightweight-charts' canvas (no matchMedia, no 2D context): a stand-in draws nothing. The
// chart's frame, ranges and values line around it are the farms feature's own and still render.
vi.mock('./returns-chart-canvas.tsx', () => ({ default: () => null }));

let wallet: FakeWallet | undefined;
afterEach(() => {
  wallet?.uninstall();
  wallet = undefined;
  fakeRunner.reset();
});

/** The list item of the detail's farm, its position that of `account`. */
function itemOf(account: string) {
  const item = lpItem();
  const position = item.farm_position_snapshot;
  if (!position) throw new Error('fixture has a position');
  return {
    ...item,
    account_address: account,
    farm_position_snapshot: { ...position, account_address: account },
  };
}

function detail(account = walletAddress) {
  const item = itemOf(account);
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
    account_address: account,
    farm_position_snapshots: [older, latest],
    returns: {
      first_staked_on: '2026-09-01T10:00:00.000Z',
      deposited_usd: 1000,
      withdrawn_usd: 0,
      rewards_claimed_usd: 12.5,
      rewards_pending_usd: null,
      value_usd: 1234.5,
      hodl_value_usd: 1250,
      pnl_usd: null,
      il_usd: -15.5,
      il_percent: -1.24,
    },
    chart: [older, latest].map((p) => ({
      created_on: p.created_on,
      block_number: p.block_number,
      value_usd: p.total_liquidity_usd,
      hodl_value_usd: 1250,
      rewards_usd: 12.5,
    })),
    history: {
      status: 'running' as const,
      days_done: 34,
      days_total: 90,
      message: 'building history: 34 of 90 days',
    },
  };
}

describe('farm detail', () => {
  it('follows its history while it is being built, without a reload', async () => {
    // Issue 43, finding 4: "building history" stayed as the page first read it.
    const saved = statusPolling.historyMs;
    statusPolling.historyMs = 50;
    try {
      window.sessionStorage.setItem(sessionTokenKey, 'token-1');
      let reads = 0;
      installFakeFetch(({ path }) => {
        if (path === '/quickswap/tracked-summary')
          return { body: { lp_mining: [lpItem()], dual_mining: [] } };
        if (!path.startsWith(`/quickswap/farm/details/${farmAddress}`)) return undefined;
        reads += 1;
        const body = detail();
        if (reads < 3) return { body };
        return {
          body: {
            ...body,
            history: { ...body.history, days_done: 90, message: 'building history: 90 of 90 days' },
          },
        };
      });
      renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
      expect(await screen.findByText('building history: 34 of 90 days')).toBeInTheDocument();
      expect(await screen.findByText('building history: 90 of 90 days')).toBeInTheDocument();
    } finally {
      statusPolling.historyMs = saved;
    }
  });

  it("shows the tracking wallet's positions newest first and the chart", async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const calls = installFakeFetch(({ path }) => {
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [lpItem()], dual_mining: [] } };
      if (path.startsWith(`/quickswap/farm/details/${farmAddress}`)) return { body: detail() };
      return undefined;
    });
    renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
    expect(await screen.findByRole('heading', { name: 'WMATIC / USDC' })).toBeInTheDocument();
    // The figures sit right under the page's h1: their headings are h2, as 'returns' and the history are.
    for (const name of [/^pool snapshot/, /^farm snapshot/]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: 'position value over time' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('building history: 34 of 90 days')).toBeInTheDocument();
    const returns = screen.getByRole('region', { name: 'returns' });
    expect(returns).toHaveTextContent('deposited$1,000.00');
    expect(returns).toHaveTextContent('vs holding-$15.50 (-1.24%)');
    // A price no source knew stays unknown, never $0.
    expect(returns).toHaveTextContent('profit and lossunknown');
    expect(screen.getByRole('button', { name: 'download CSV' })).toBeInTheDocument();
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

  it('says a position that barely moved against holding is $0.00 off, never -$0.00 (-0.00%)', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const flat = detail();
    installFakeFetch(({ path }) => {
      if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [lpItem()], dual_mining: [] } };
      if (path.startsWith(`/quickswap/farm/details/${farmAddress}`))
        return {
          body: {
            ...flat,
            chart: [],
            returns: { ...flat.returns, pnl_usd: -0.004, il_usd: -0.0031, il_percent: -0.0002 },
          },
        };
      return undefined;
    });
    renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
    const returns = await screen.findByRole('region', { name: 'returns' });
    expect(returns).toHaveTextContent('profit and loss$0.00');
    expect(returns).toHaveTextContent('vs holding$0.00 (0.00%)');
    expect(returns).not.toHaveTextContent('-$0.00');
  });

  it('asks to connect a wallet on /farm/{address} when none is connected', async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    installFakeFetch(({ path }) => (path === '/internal/token/session' ? { body: validSession } : undefined));
    renderRoute(`/farm/${farmAddress}`);
    expect(await screen.findByText('connect a wallet to view this farm')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'connect to metamask' })).toBeInTheDocument();
  });

  it("offers claim, withdraw and exit on the account's position when it is a proved wallet connected in MetaMask, and reads the farm again after a run", async () => {
    window.sessionStorage.setItem(sessionTokenKey, 'token-1');
    const account = fakeWalletAccount.address;
    wallet = installFakeWallet({ isAuthorized: true });
    const calls = installFakeFetch(({ path }) => {
      if (path === '/internal/token/session') return { body: validSession };
      if (path === '/wallets/connected')
        return { body: { wallets: [{ ...polygonWallet, address: account }] } };
      if (path === '/quickswap/tracked-summary')
        return { body: { lp_mining: [itemOf(account)], dual_mining: [] } };
      // No chart points: the chart library is not what this test is about (jsdom cannot draw it).
      if (path.startsWith(`/quickswap/farm/details/${farmAddress}`))
        return { body: { ...detail(account), chart: [] } };
      return answerFarmIndex(path, [farmAddress]);
    });
    const { user } = renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
    const actions = await screen.findByRole('region', { name: 'actions on this position' });
    for (const name of ['claim rewards', 'withdraw']) {
      await waitFor(() => expect(within(actions).getByRole('button', { name })).toBeEnabled());
    }
    await user.click(within(actions).getByRole('button', { name: 'withdraw all and claim' }));
    const run = await fakeRunner.opened();
    expect(run.wallet).toBe(account);
    expect(run.request.functionSignature).toBe('exit()');
    expect(run.request.receives.map((r) => [r.symbol, r.amount])).toEqual([
      ['WMATIC-USDC LP', '2.5'],
      ['dQUICK', '12.3456789'],
    ]);
    const detailCalls = () => calls.filter((call) => call.path.startsWith('/quickswap/farm/details/')).length;
    const before = detailCalls();
    run.finish('confirmed');
    await waitFor(() => expect(detailCalls()).toBeGreaterThan(before));
  });
});
