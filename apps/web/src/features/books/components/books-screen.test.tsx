import { screen, waitFor, within } from '@testing-library/react';
import { currentYearIn, type Ledger, type YearSummary } from '@tidewatch/shared/ledger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { statusPolling } from '../../../lib/status-polling.ts';
import { callsTo, errorReply, type FakeReply, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';
import { emptySummary, ledgerRow, rows2025, summary2025, walletAddress } from '../testing/fixtures.ts';

const booksPath = `/wallets/${walletAddress}/books`;
const thisYear = currentYearIn('UTC');
const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
const summaryPath = (year: number, tz = 'UTC') =>
  `/ledger/summary?${query({ wallet: walletAddress, year, tz })}`;
const ledgerPath = (tz = 'UTC') => `/ledger?${query({ wallet: walletAddress, tz })}`;

/** Totals the page does not show (it reads the years of the rows). */
const noTotals: Ledger['totals'] = {
  rows: 5,
  income_usd: null,
  income_usd_unknown_rows: 0,
  gas_pol: '0',
  gas_pol_display: '0',
  gas_usd: 0,
  gas_unknown_rows: 0,
  gas_usd_unknown_rows: 0,
  deposits_usd: 0,
  withdrawals_usd: 0,
  usd_unknown_rows: 0,
};

/** All years' rows: 2024 and 2025 have rows, so the year choice offers them beside this year. */
function allYears(tz: string): Ledger {
  const old = ledgerRow({ kind: 'stake', tx_hash: `0x${'e'.repeat(64)}`, local_time: '2024-03-01 09:00:00' });
  return {
    wallet: walletAddress.toLowerCase(),
    year: null,
    tz,
    final_block: 5000,
    rows: [old, ...summary2025().rows],
    totals: noTotals,
  };
}

/** The server: the summary of each (year, tz) from `summaries`, an empty year otherwise. */
function installServer(
  summaries: (year: number, tz: string) => YearSummary | FakeReply | undefined = () => undefined,
  other: (path: string) => FakeReply | undefined = () => undefined,
) {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  return installFakeFetch(({ path }) => {
    if (path === '/internal/token/session') return { body: validSession };
    const answer = other(path);
    if (answer) return answer;
    const url = new URL(path, 'http://localhost');
    const tz = url.searchParams.get('tz') ?? 'UTC';
    if (url.pathname === '/ledger') return { body: allYears(tz) };
    if (url.pathname === '/ledger/summary') {
      const year = Number(url.searchParams.get('year'));
      const summary = summaries(year, tz) ?? emptySummary(year, tz);
      return 'rows' in summary ? { body: summary } : summary;
    }
    return undefined;
  });
}

const figure = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).closest('div.border-t, div.py-2')!;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a wallet's books", () => {
  it('opens on this year in UTC and offers the years with rows beside it', async () => {
    const calls = installServer();
    renderRoute(booksPath);
    expect(await screen.findByRole('heading', { level: 1, name: 'books' })).toBeInTheDocument();
    expect(
      await screen.findByText(`no ledger rows in ${thisYear} for 0x1234…5678 (UTC)`),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'GET', summaryPath(thisYear))).toHaveLength(1);
    const yearSelect = screen.getByRole('combobox', { name: 'year' });
    expect(yearSelect).toHaveValue(String(thisYear));
    await waitFor(() =>
      expect(
        within(yearSelect)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([String(thisYear), '2025', '2024']),
    );
    expect(callsTo(calls, 'GET', ledgerPath())).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'time zone' })).toHaveValue('UTC');
  });

  it('sums the year by income token, gas, deposits and withdrawals, each with the list behind it', async () => {
    installServer((year) => (year === 2025 ? summary2025() : undefined));
    const { user } = renderRoute(`${booksPath}?year=2025`);
    const summary = await screen.findByRole('region', { name: 'year summary' });
    // 1.5 dQUICK at $30 and 0.5 dQUICK without a price: the known part and 'unknown', never $0.
    expect(within(summary).getByText('2 dQUICK ($30.00 + unknown)')).toBeInTheDocument();
    expect(within(summary).getByText('USD unknown for 1 row')).toBeInTheDocument();
    // 0.0021 + 0.01 POL from two receipts; two receipts the node could not return are counted apart.
    expect(within(summary).getByText('0.0121 POL + unknown (< $0.01 + unknown)')).toBeInTheDocument();
    expect(within(summary).getByText('gas unknown on 2 transactions')).toBeInTheDocument();
    expect(within(summary).getByText('$100.50 · 2 WMATIC-USDC LP')).toBeInTheDocument();
    expect(within(summary).getByText('$60.00 · 1 WMATIC-USDC LP')).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'the list behind (2): income in dQUICK' }));
    const incomeRows = within(figure('income in dQUICK') as HTMLElement).getAllByRole('listitem');
    expect(incomeRows.map((item) => item.textContent)).toEqual([
      '2025-06-01 12:00:00 · reward · WMATIC / USDC LP farm · 1.5 dQUICK ($30.00) · transaction',
      '2025-07-01 12:00:00 · reward · WMATIC / USDC LP farm · 0.5 dQUICK (unknown) · transaction',
    ]);
    expect(within(incomeRows[0]!).getByRole('link', { name: 'transaction' })).toHaveAttribute(
      'href',
      `https://polygonscan.com/tx/${rows2025.claim.tx_hash}`,
    );

    await user.click(within(summary).getByRole('button', { name: 'the list behind (4): gas paid' }));
    const gasRows = within(figure('gas paid') as HTMLElement).getAllByRole('listitem');
    expect(gasRows.map((item) => item.textContent?.split(' · ')[3])).toEqual([
      '0.0021 POL (< $0.01)',
      '0.01 POL (< $0.01)',
      'gas unknown',
      'gas unknown',
    ]);

    await user.click(within(summary).getByRole('button', { name: 'the list behind (1): withdrawals' }));
    expect(within(figure('withdrawals') as HTMLElement).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows rows the history job read in after the page opened, without a reload', async () => {
    // Issue 43, finding 4: the page showed what it knew when it opened.
    const saved = statusPolling.booksMs;
    statusPolling.booksMs = 50;
    try {
      let isRead = false;
      installServer((year) => (year === 2025 && isRead ? summary2025() : undefined));
      renderRoute(`${booksPath}?year=2025`);
      expect(await screen.findByText('no ledger rows in 2025 for 0x1234…5678 (UTC)')).toBeInTheDocument();
      isRead = true;
      const summary = await screen.findByRole('region', { name: 'year summary' });
      expect(within(summary).getByText('2 dQUICK ($30.00 + unknown)')).toBeInTheDocument();
    } finally {
      statusPolling.booksMs = saved;
    }
  });

  it('lists the ledger rows with time, position, kind, amounts, USD, gas and the transaction', async () => {
    installServer((year) => (year === 2025 ? summary2025() : undefined));
    renderRoute(`${booksPath}?year=2025`);
    const ledger = await screen.findByRole('region', { name: 'ledger' });
    const [, stake, claim, unpriced, withdraw] = within(ledger).getAllByRole('row');
    expect(within(ledger).getByRole('columnheader', { name: 'time (UTC)' })).toBeInTheDocument();
    expect(
      within(stake!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '2025-02-01 10:00:00',
      'WMATIC / USDC LP farmon Polygon',
      'stake',
      'sent: 2 WMATIC-USDC LP',
      'received: —',
      'USD: $100.50',
      'gas: 0.0021 POL (< $0.01)',
      'tx 0xaaaaaaaa…',
    ]);
    expect(within(claim!).getByText('0.01 POL (< $0.01)')).toBeInTheDocument();
    expect(within(unpriced!).getByText('unknown')).toHaveAttribute(
      'title',
      'no price for dQUICK at block 1000',
    );
    expect(within(withdraw!).getByText('gas unknown')).toBeInTheDocument();
    expect(within(withdraw!).getByRole('link', { name: /^tx / })).toHaveAttribute(
      'href',
      `https://polygonscan.com/tx/${rows2025.withdraw.tx_hash}`,
    );
  });

  it('asks again for the year chosen', async () => {
    const calls = installServer((year) => (year === 2025 ? summary2025() : undefined));
    const { user } = renderRoute(booksPath);
    await screen.findByText(`no ledger rows in ${thisYear} for 0x1234…5678 (UTC)`);
    await waitFor(() => expect(screen.getAllByRole('option', { name: '2025' })).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'year' }), '2025');
    expect(await screen.findByText('2 dQUICK ($30.00 + unknown)')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', summaryPath(2025))).toHaveLength(1);
  });

  it('refuses a time zone name that is none, and asks again in the zone typed', async () => {
    const berlin = summary2025({
      tz: 'Europe/Berlin',
      rows: [{ ...rows2025.stake, local_time: '2025-02-01 11:00:00' }],
    });
    const calls = installServer((year, tz) => (year === 2025 && tz === 'Europe/Berlin' ? berlin : undefined));
    const { user } = renderRoute(`${booksPath}?year=2025`);
    await screen.findByText('no ledger rows in 2025 for 0x1234…5678 (UTC)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'time zone' }), 'another zone…');
    await user.type(screen.getByRole('textbox', { name: 'time zone name' }), 'Mars/Olympus');
    await user.click(screen.getByRole('button', { name: 'use' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "'Mars/Olympus' is not a time zone name: type an IANA name such as Europe/Berlin",
    );
    expect(calls.filter((call) => call.path.includes('Mars'))).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'time zone name' }));
    await user.type(screen.getByRole('textbox', { name: 'time zone name' }), 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'use' }));
    const ledger = await screen.findByRole('region', { name: 'ledger' });
    expect(within(ledger).getByRole('columnheader', { name: 'time (Europe/Berlin)' })).toBeInTheDocument();
    expect(within(ledger).getByText('2025-02-01 11:00:00')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', summaryPath(2025, 'Europe/Berlin'))).toHaveLength(1);
    expect(callsTo(calls, 'GET', ledgerPath('Europe/Berlin'))).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'time zone' })).toHaveValue('Europe/Berlin');
  });

  it("saves the year's ledger in each format from the server's CSV, named by wallet, year and format", async () => {
    const csv = 'Date,Sent Amount\n2025-02-01 10:00:00 UTC,2\n';
    const calls = installServer(
      (year) => (year === 2025 ? summary2025() : undefined),
      (path) => (path.startsWith('/ledger.csv?') ? { body: csv } : undefined),
    );
    const saved: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderRoute(`${booksPath}?year=2025`);
    await screen.findByRole('region', { name: 'year summary' });
    for (const label of ['Koinly CSV', 'CoinTracking CSV', 'Tidewatch CSV']) {
      await user.click(screen.getByRole('button', { name: label }));
    }
    await waitFor(() => expect(names).toHaveLength(3));
    const wallet = walletAddress;
    expect(names).toEqual([
      `tidewatch-ledger-${wallet}-2025-koinly.csv`,
      `tidewatch-ledger-${wallet}-2025-cointracking.csv`,
      `tidewatch-ledger-${wallet}-2025-tidewatch.csv`,
    ]);
    expect(calls.filter((call) => call.path.startsWith('/ledger.csv?')).map((call) => call.path)).toEqual(
      ['koinly', 'cointracking', 'tidewatch'].map(
        (format) => `/ledger.csv?${query({ wallet: walletAddress, year: 2025, format, tz: 'UTC' })}`,
      ),
    );
    expect(await saved[0]?.text()).toBe(csv);
  });

  it('shows a failed load with retry, and retry shows the year', { timeout: 15_000 }, async () => {
    // A 5xx is tried three times (1 s, then 2 s apart) before the page says so.
    let failures = 3;
    installServer((year) => {
      if (year !== 2025) return undefined;
      if (failures-- > 0) return errorReply(502, 'CHAIN_UNAVAILABLE', 'the ledger could not be read');
      return summary2025();
    });
    const { user } = renderRoute(`${booksPath}?year=2025`);
    expect(
      await screen.findByText('could not load the books of 2025', {}, { timeout: 8_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('the ledger could not be read')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByRole('region', { name: 'year summary' })).toBeInTheDocument();
  });

  it("shows the server's 400 with its message: a year after this one", async () => {
    const next = thisYear + 1;
    const message = `Please check the form: the year must not be after ${thisYear}.`;
    installServer((year) =>
      year === next
        ? errorReply(400, 'VALIDATION_FAILED', message, [
            { field: 'query.year', message: `must not be after ${thisYear}` },
          ])
        : undefined,
    );
    renderRoute(`${booksPath}?year=${next}`);
    expect(await screen.findByText(`could not load the books of ${next}`)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    // A refusal is not tried again: only its message can explain it.
    expect(screen.queryByRole('button', { name: 'retry' })).not.toBeInTheDocument();
  });

  it('reads a zone in the address that is none as UTC and says so, instead of failing the page', async () => {
    const calls = installServer();
    renderRoute(`${booksPath}?tz=Foo%2FBar`);
    expect(
      await screen.findByText(`no ledger rows in ${thisYear} for 0x1234…5678 (UTC)`),
    ).toBeInTheDocument();
    expect(screen.getByText('"Foo/Bar" is no time zone: the books are shown in UTC.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', summaryPath(thisYear))).toHaveLength(1));
  });

  it('says which farms the books cover', async () => {
    installServer();
    renderRoute(booksPath);
    expect(
      await screen.findByText(
        'The books cover every farm and V3 position whose history was read for this wallet, tracked by you or anyone, now or before; track a farm to add its history.',
      ),
    ).toBeInTheDocument();
  });

  it("says which of the year's rows the tax tools' files leave out, and why", async () => {
    const unknownToken = ledgerRow({
      kind: 'reward',
      tx_hash: `0x${'9'.repeat(64)}`,
      local_time: '2025-06-01 10:00:00',
      received: [{ address: '0xdead', symbol: '?', decimals: 0, amount: '123', amount_display: '123' }],
    });
    installServer((year) =>
      year === 2025 ? { ...summary2025(), rows: [...summary2025().rows, unknownToken] } : undefined,
    );
    renderRoute(`${booksPath}?year=2025`);
    expect(
      await screen.findByText(
        '1 row of 2025 stays out of the Koinly and CoinTracking files: a token whose decimals are unknown (1). The Tidewatch CSV has it.',
      ),
    ).toBeInTheDocument();
  });
});
