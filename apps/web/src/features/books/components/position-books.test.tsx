import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { farmAddress, lpItem, walletAddress } from '../../farms/testing/fixtures.ts';
import {
  history,
  position,
  tokenId,
  trackedPosition,
  walletAddress as v3Wallet,
} from '../../v3-positions/testing/fixtures.ts';
import { positionBooks } from '../testing/fixtures.ts';
import { formatPolFromWei } from './position-books-panel.tsx';

// jsdom cannot draw lightweight-charts' canvas: a stand-in draws nothing (the chart is not what is tested).
vi.mock('../../farms/components/returns-chart-canvas.tsx', () => ({ default: () => null }));

const logIn = () => window.sessionStorage.setItem(sessionTokenKey, 'token-1');

/** The farm's page answer for the tracking wallet, with its returns and `books`. */
function farmDetail(books: ReturnType<typeof positionBooks> | null, returnsExtra: object = {}) {
  const item = lpItem();
  const latest = { ...item.farm_position_snapshot!, account_address: walletAddress };
  return {
    farm: item.farm,
    pool: item.pool,
    account_address: walletAddress,
    farm_position_snapshots: [latest],
    returns: {
      first_staked_on: '2025-02-01T10:00:00.000Z',
      deposited_usd: 100.5,
      withdrawn_usd: 60,
      rewards_claimed_usd: 30,
      rewards_pending_usd: 2.5,
      value_usd: 50,
      hodl_value_usd: 70,
      pnl_usd: 39.5,
      il_usd: -20,
      il_percent: -1.5,
      ...returnsExtra,
    },
    chart: [],
    history: null,
    books,
  };
}

function openFarm(books: ReturnType<typeof positionBooks> | null, returnsExtra: object = {}) {
  logIn();
  installFakeFetch(({ path }) => {
    if (path === '/quickswap/tracked-summary') return { body: { lp_mining: [lpItem()], dual_mining: [] } };
    if (path.startsWith(`/quickswap/farm/details/${farmAddress}`))
      return { body: farmDetail(books, returnsExtra) };
    return undefined;
  });
  renderRoute(`/quickswap/lp-mining/details/${farmAddress}`);
}

const figureOf = (panel: HTMLElement, label: string) =>
  within(panel).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe("a position's books", () => {
  it('shows income, gas, flows, value now and total profit beside the returns on the farm page', async () => {
    const books = positionBooks();
    openFarm(books);
    const panel = await screen.findByRole('region', { name: 'the books' });
    expect(screen.getByRole('region', { name: 'returns' })).toBeInTheDocument();
    // 70,000 gas at 30 gwei plus 100,000 at 100 gwei.
    const gasWei = 70_000n * 30_000_000_000n + 100_000n * 100_000_000_000n;
    expect(books.gas_pol).toBe(String(gasWei));
    // value now + withdrawn + claimed − deposited − gas.
    const profit = 50 + 60 + 30 - 100.5 - 0.00292;
    expect(books.total_profit_usd).toBeCloseTo(profit, 9);
    expect(figureOf(panel, 'rewards income')).toBe('$30.00');
    expect(figureOf(panel, 'pending rewards')).toBe('$2.50');
    expect(figureOf(panel, 'gas paid')).toBe('0.0121 POL (< $0.01)');
    expect(figureOf(panel, 'deposited')).toBe('$100.50');
    expect(figureOf(panel, 'withdrawn')).toBe('$60.00');
    expect(figureOf(panel, 'value now')).toBe('$50.00');
    expect(figureOf(panel, 'total profit')).toBe(`+$${profit.toFixed(2)}`);
    expect(panel).toHaveTextContent(`${books.prices} (as of block 5000)`);
  });

  it('shows one total profit on the returns and the books, and says in words why their own figures differ', async () => {
    const base = positionBooks();
    // value now + withdrawn + claimed + pending − deposited − gas (issue 42, finding 3).
    const total = 50 + 60 + 30 + 2.5 - 100.5 - 0.00292;
    const books = {
      ...base,
      profit: {
        as_of_block: 5000,
        value_now_usd: 50,
        deposited_usd: 100.5,
        withdrawn_usd: 60,
        claimed_rewards_usd: 30,
        pending_rewards_usd: 2.5,
        gas_usd: 0.00292,
        total_profit_usd: total,
        unknown_because: null,
      },
    };
    const note = 'Profit and loss leaves out the gas paid ($0.00); total profit takes it off.';
    openFarm(books, { total_profit_usd: total, total_profit_note: note });
    const panel = await screen.findByRole('region', { name: 'the books' });
    const returns = screen.getByRole('region', { name: 'returns' });
    expect(figureOf(panel, 'total profit')).toBe(`+$${total.toFixed(2)}`);
    expect(figureOf(returns, 'total profit')).toBe(`+$${total.toFixed(2)}`);
    expect(figureOf(panel, 'total profit, claimed only')).toBe(`+$${base.total_profit_usd!.toFixed(2)}`);
    expect(panel).toHaveTextContent("'total profit, claimed only' excludes rewards not yet claimed: $2.50.");
    expect(returns).toHaveTextContent(note);
  });

  it("says what is unknown as 'unknown' and counts it, never $0", async () => {
    openFarm(
      positionBooks({
        rewards_income_usd: null,
        gas_pol: '0',
        gas_usd: null,
        gas_unknown_rows: 2,
        usd_unknown_rows: 1,
        total_profit_usd: null,
      }),
    );
    const panel = await screen.findByRole('region', { name: 'the books' });
    expect(figureOf(panel, 'rewards income')).toBe('unknown');
    expect(figureOf(panel, 'gas paid')).toBe('unknown');
    expect(figureOf(panel, 'total profit')).toBe('unknown');
    expect(within(panel).getByText('gas unknown on 2 transactions')).toBeInTheDocument();
    expect(within(panel).getByText('USD unknown for 1 row')).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('$0.00');
  });

  it('shows no books panel when the answer has none (no account)', async () => {
    openFarm(null);
    await screen.findByRole('region', { name: 'returns' });
    expect(screen.queryByRole('region', { name: 'the books' })).not.toBeInTheDocument();
  });

  it("shows the books beside the returns on a tracked V3 position's page", async () => {
    logIn();
    const historyPath = `/quickswap/v3/positions/${tokenId}/history?wallet_address=${v3Wallet}`;
    installFakeFetch(({ path }) => {
      if (path === `/quickswap/v3/positions/${tokenId}`) return { body: position({ is_tracked: true }) };
      if (path === '/quickswap/v3/tracked-positions') return { body: { positions: [trackedPosition()] } };
      if (path === historyPath)
        return { body: history({ books: positionBooks({ gas_pol: '1500000000000000', gas_usd: 0.3 }) }) };
      return undefined;
    });
    renderRoute(`/quickswap/v3-positions/details/${tokenId}`);
    const panel = await screen.findByRole('region', { name: 'the books' });
    expect(screen.getByRole('region', { name: 'returns' })).toBeInTheDocument();
    expect(figureOf(panel, 'gas paid')).toBe('0.0015 POL ($0.30)');
    expect(figureOf(panel, 'total profit')).toBe('+$39.50');
  });
});

describe('formatPolFromWei', () => {
  it.each([
    ['0', '0'],
    ['1', '0.000000000000000001'],
    ['12100000000000000', '0.0121'],
    ['1000000000000000000', '1'],
    ['123456789012345678901', '123.456789012345678901'],
  ])('%s wei is %s POL', (wei, pol) => {
    expect(formatPolFromWei(wei)).toBe(pol);
  });
});
