import { readFile } from 'node:fs/promises';
import { testAccounts } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openTool, openWalletsScreen } from './support/browser.ts';
import { saveWalletThroughGuide, shortenAddress, trackFarmCard } from './support/farm-card.ts';
import { startLoggedInFarmSession } from './support/farm-session.ts';
import { type FarmWorld, formatUsd } from './support/farm-world.ts';
import { importThroughWizard } from './support/wizard.ts';

const email = 'books@example.com';
const password = 'tide-watch-books-horse';
const account = testAccounts.user.address;
const pair = /farm (WMATIC \/ USDC|USDC \/ WMATIC)/;

/** The parts of GET /api/ledger/summary this journey compares the page with. */
type Summary = {
  year: number;
  gas: { row_ids: string[]; unknown_rows: number };
  deposits: { usd: number; usd_unknown_rows: number; row_ids: string[] };
  rows: { id: string; tx_hash: string; kind: string }[];
};

const koinlyHeader =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

describe("the books in Chromium: a wallet's year, the list behind a figure, the tax tool's CSV", () => {
  let env: FarmWorld;
  let browser: Browser;
  let year: number;

  /** The year's summary the page itself gets, fetched with the page's own session. */
  const fetchSummary = () =>
    browser.page.evaluate(
      async ({ account, year }) => {
        const storage = (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } })
          .sessionStorage;
        const query = new URLSearchParams({ wallet: account, year: String(year), tz: 'UTC' });
        const response = await fetch(`/api/ledger/summary?${query}`, {
          headers: { authorization: `Bearer ${storage.getItem('jwtToken')}` },
        });
        return (await response.json()) as unknown;
      },
      { account, year },
    ) as Promise<Summary>;

  beforeAll(async () => {
    // Automatic snapshots (and the history job riding on their ticks) every 5 s.
    ({ env, browser } = await startLoggedInFarmSession({
      email,
      password,
      appEnv: { SNAPSHOT_INTERVAL: '5s' },
    }));
    const { page } = browser;
    // The world's stakes are in the chain's current year (UTC), which the books page opens on unless the
    // chain's clock was moved past a New Year.
    const head = await env.anvil.client.getBlock();
    year = new Date(Number(head.timestamp) * 1000).getUTCFullYear();
    await saveWalletThroughGuide(page, account);
    await openTool(browser, 'lp');
    await importThroughWizard(page, env.world.farms.wmaticUsdc, ['WMATIC', 'USDC', 'dQUICK']);
    await page.getByRole('button', { name: 'connect to metamask' }).first().click();
    await page.getByText(`connected address: ${shortenAddress(account)}`).waitFor();
    await page.getByRole('tab', { name: 'All Quickswap Farms' }).click();
    await trackFarmCard(page.getByRole('article', { name: pair }), account);
  });

  afterAll(async () => {
    await browser?.close();
    await env?.stop();
  });

  it("opens the wallet's books from the wallets screen with the API's figures and the rows behind them", async () => {
    const { page } = browser;
    // The history job finds the world's stakes, then reads each transaction's receipt for its gas.
    let summary = await fetchSummary();
    for (
      let wait = 0;
      (summary.deposits?.row_ids.length ?? 0) === 0 ||
      summary.gas.unknown_rows > 0 ||
      summary.gas.row_ids.length === 0;
      wait++
    ) {
      if (wait >= 240)
        throw new Error(`the ledger has no priced stake with gas yet: ${JSON.stringify(summary)}`);
      await page.waitForTimeout(500);
      summary = await fetchSummary();
    }
    await openWalletsScreen(browser);
    await page.getByRole('list', { name: 'wallets' }).getByRole('link', { name: 'books' }).click();
    await page.getByRole('heading', { name: 'books', level: 1 }).waitFor();
    const yearSelect = page.getByRole('combobox', { name: 'year' });
    if ((await yearSelect.inputValue()) !== String(year)) await yearSelect.selectOption(String(year));
    const panel = page.getByRole('region', { name: 'year summary' });
    await panel.waitFor();
    summary = await fetchSummary();
    expect(summary.deposits.usd_unknown_rows).toBe(0);
    await expect.poll(async () => panel.textContent()).toContain(formatUsd(summary.deposits.usd));
    // The toggle's name is what it shows, then the figure: 'the list behind (N): deposits', then 'hide …'.
    const toggle = panel.getByRole('button', { name: /: deposits$/ });
    await toggle.click();
    expect(await toggle.getAttribute('aria-label')).toBe('hide the list behind: deposits');
    const behind = toggle.locator('xpath=following-sibling::ul');
    await expect.poll(async () => behind.getByRole('listitem').count()).toBe(summary.deposits.row_ids.length);
    // One table row per ledger row (on a phone the header row is hidden and the rows stack).
    const ledgerRows = page.getByRole('region', { name: 'ledger' }).locator('tbody > tr');
    await expect.poll(async () => ledgerRows.count()).toBe(summary.rows.length);
    await browser.screenshot('books-year');
  });

  it("saves the year's ledger as Koinly's CSV, one line per row with its transaction", async () => {
    const { page } = browser;
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Koinly CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename().toLowerCase()).toBe(
      `tidewatch-ledger-${account.toLowerCase()}-${year}-koinly.csv`,
    );
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = csv.split(/\r?\n/).filter((line) => line !== '');
    expect(header).toBe(koinlyHeader);
    const summary = await fetchSummary();
    for (const id of summary.deposits.row_ids) {
      const row = summary.rows.find((candidate) => candidate.id === id)!;
      expect(lines.some((line) => line.endsWith(row.tx_hash))).toBe(true);
    }
  });
});
