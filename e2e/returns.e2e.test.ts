import { readFile } from 'node:fs/promises';
import { testAccounts } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openTool } from './support/browser.ts';
import { saveWalletThroughGuide, shortenAddress, trackFarmCard } from './support/farm-card.ts';
import { startLoggedInFarmSession } from './support/farm-session.ts';
import { type FarmWorld, formatUsd } from './support/farm-world.ts';
import { importThroughWizard } from './support/wizard.ts';

const email = 'returns@example.com';
const password = 'tide-watch-returns-horse';
const account = testAccounts.user.address;

type Detail = {
  returns: { deposited_usd: number | null; value_usd: number | null; pnl_usd: number | null } | null;
  chart: { created_on: string; block_number: number; value_usd: number | null }[];
  history: { status: string } | null;
};

const pair = /farm (WMATIC \/ USDC|USDC \/ WMATIC)/;

describe('returns in Chromium: the chart, the returns panel, the CSV download', () => {
  let env: FarmWorld;
  let browser: Browser;

  /** The detail the page itself gets, fetched with the page's own session. */
  const fetchDetail = (farm: string) =>
    browser.page.evaluate(
      async ({ farm, account }) => {
        // Runs in the page: its session token, as the page's own requests send it.
        const storage = (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } })
          .sessionStorage;
        const token = storage.getItem('jwtToken');
        const response = await fetch(`/api/quickswap/farm/details/${farm}?account=${account}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return (await response.json()) as unknown;
      },
      { farm, account },
    ) as Promise<Detail>;

  beforeAll(async () => {
    // Automatic snapshots (and the history job riding on their ticks) every 5 s.
    ({ env, browser } = await startLoggedInFarmSession({
      email,
      password,
      appEnv: { SNAPSHOT_INTERVAL: '5s' },
    }));
    const { page } = browser;
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

  it('builds the history in the background and shows the returns panel with the API figures', async () => {
    const { page } = browser;
    const farm = env.world.farms.wmaticUsdc.address;
    // The world's user staked when the world was deployed: the job finds those stakes on the chain.
    let detail = await fetchDetail(farm);
    for (let wait = 0; detail.history?.status !== 'done' && wait < 120; wait++) {
      await page.waitForTimeout(500);
      detail = await fetchDetail(farm);
    }
    expect(detail.history?.status).toBe('done');
    // A few automatic snapshots, so the chart has points to hover.
    // One snapshot per block (issue 30): each automatic round needs a new block to add a point.
    await env.anvil.increaseTime(600);
    for (let wait = 0; detail.chart.length < 3 && wait < 120; wait++) {
      await env.anvil.mine();
      await page.waitForTimeout(500);
      detail = await fetchDetail(farm);
    }
    await page.getByRole('tab', { name: 'Tracked Farms' }).click();
    await page.getByRole('article', { name: pair }).getByRole('link', { name: 'View Farm' }).click();
    const returns = page.getByRole('region', { name: 'returns' });
    await returns.waitFor();
    detail = await fetchDetail(farm);
    expect(detail.returns?.deposited_usd).toBeGreaterThan(0);
    await expect
      .poll(async () => returns.textContent())
      .toContain(`deposited${formatUsd(detail.returns!.deposited_usd!)}`);
    await browser.screenshot('farm-detail-returns');
  });

  it('draws the chart with a time axis and a USD axis, and shows the values under the crosshair', async () => {
    const { page } = browser;
    const chart = page.getByRole('img', { name: 'position value over time' });
    await chart.locator('canvas').first().waitFor();
    // lightweight-charts draws the pane and each axis on canvases of their own.
    expect(await chart.locator('canvas').count()).toBeGreaterThanOrEqual(3);
    const values = page.getByTestId('chart-values');
    const detail = await fetchDetail(env.world.farms.wmaticUsdc.address);
    const first = detail.chart[0]!;
    // The books sit beside the returns now: the chart starts below an 800 px window, so a person scrolls to it.
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    // The crosshair at the left edge reports the oldest point, in the line under the chart.
    const firstMoment = await page.evaluate(
      (createdOn) => new Date(createdOn).toLocaleString(),
      first.created_on,
    );
    await page.mouse.move(box.x + 12, box.y + box.height / 2);
    // The moment as well as the value: the points' values can be equal, their moments are not.
    await expect.poll(async () => values.textContent()).toContain(firstMoment);
    expect(await values.textContent()).toContain(`position value ${formatUsd(first.value_usd!)}`);
    await page.getByRole('button', { name: '7d' }).click();
    expect(await page.getByRole('button', { name: '7d' }).getAttribute('aria-pressed')).toBe('true');
    await browser.screenshot('farm-detail-chart-hover');
  });

  it('on a touch screen, lets the crosshair go when the finger lifts', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'all', exact: true }).click();
    const chart = page.getByRole('img', { name: 'position value over time' });
    const values = page.getByTestId('chart-values');
    const detail = await fetchDetail(env.world.farms.wmaticUsdc.address);
    // The line under the chart names the moment it reports, as the page writes it.
    const oldestMoment = await page.evaluate(
      (createdOn) => new Date(createdOn).toLocaleString(),
      detail.chart[0]!.created_on,
    );
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    const at = { x: Math.round(box.x + 12), y: Math.round(box.y + box.height / 2) };
    // A finger, as a phone's touch screen sends it (Chromium's own touch events, not mouse ones).
    const touch = await page.context().newCDPSession(page);
    await touch.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    // A long press shows the crosshair, on the oldest point at the left edge.
    await expect.poll(async () => values.textContent()).toContain(oldestMoment);
    await touch.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ ...at, x: at.x + 2 }],
    });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // Lifted: the figures go back to the newest point instead of sticking to the one touched.
    await expect.poll(async () => values.textContent()).not.toContain(oldestMoment);
    await touch.detach();
  });

  it('downloads the position history as CSV whose rows match the API', async () => {
    const { page } = browser;
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const detail = await fetchDetail(env.world.farms.wmaticUsdc.address);
    const rows = csv
      .split('\r\n')
      .filter((line) => line !== '')
      .slice(1)
      .map((line) => line.split(','));
    // The API may have taken another automatic snapshot since: the CSV is a prefix of it, in order.
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const apiBlocks = detail.chart.map((point) => point.block_number);
    expect(rows.map((row) => Number(row[1]))).toEqual(apiBlocks.slice(0, rows.length));
  });
});
