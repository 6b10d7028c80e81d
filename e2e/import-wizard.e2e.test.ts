import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath, type Browser, openTool } from './support/browser.ts';
import { startLoggedInFarmSession } from './support/farm-session.ts';
import { type FarmWorld, formatUsd, readPoolValue } from './support/farm-world.ts';
import { importThroughWizard } from './support/wizard.ts';

const email = 'importer@example.com';
const password = 'tide-watch-import-horse';

/** The LP tool with an empty wizard: the last import (completed in an earlier test) is put aside. */
async function openNewLpImport(browser: Browser) {
  const { page } = browser;
  await openTool(browser, 'lp');
  // After a completed import the wizard offers another; after a refused URL, another try (which clears the
  // refusal). The tab keeps the wizard's state, as it does for a person.
  const another = page.getByRole('button', { name: 'import another farm' });
  const retry = page.getByRole('button', { name: 'try another URL' });
  const field = page.getByLabel('farm URL');
  await another.or(retry).or(field).first().waitFor();
  if (await another.isVisible()) await another.click();
  if (await retry.isVisible()) await retry.click();
  await field.waitFor();
  await page.getByRole('alert').waitFor({ state: 'detached' });
}

let env: FarmWorld;

describe('import wizard in Chromium (both farm kinds)', () => {
  let browser: Browser;

  beforeAll(async () => {
    ({ env, browser } = await startLoggedInFarmSession({ email, password }));
  });

  afterAll(async () => {
    await browser?.close();
    await env?.stop();
  });

  it('imports a liquidity-mining farm and lists it with the pool liquidity the chain implies', async () => {
    const { page } = browser;
    const farm = env.world.farms.wmaticUsdc;
    await openTool(browser, 'lp');
    await browser.screenshot('lp-tool-screen');
    const { text, priceChoices } = await importThroughWizard(page, farm, ['WMATIC', 'USDC', 'dQUICK']);
    expect(priceChoices, 'CoinMarketCap candidates were chosen').toBe(1);
    expect(text).toMatch(/^import (WMATIC-USDC|USDC-WMATIC) completed!$/);
    await browser.screenshot('lp-wizard-completed');

    await page.getByRole('tab', { name: 'All Quickswap Farms' }).click();
    const card = page.getByRole('article', { name: /farm (WMATIC \/ USDC|USDC \/ WMATIC)/ });
    await card.waitFor();
    await browser.checkScreen('All Quickswap Farms');
    const { tvl } = await readPoolValue(env.world, farm);
    const pool = card.getByRole('region', { name: 'pool snapshot' });
    expect(await pool.textContent()).toContain(formatUsd(tvl));
    await card.screenshot({ path: artifactPath('lp-farm-card') });
  });

  it("refuses a syrup pool's URL and the farm list saying why, then imports a farm from its pair's analytics URL", async () => {
    const { page } = browser;
    const farm = env.world.farms.wbtcUsdc;
    // Both refusals are the wizard's next-state call answering 400 with the reason.
    browser.expectApiFailure('POST', '/api/quickswap/lp_mining_farm_import_guide/next-state', 400);
    await openNewLpImport(browser);
    await page
      .getByLabel('farm URL')
      .fill(
        `https://quickswap.exchange/#/syrup/${env.world.tokens.DQUICK.address}/${env.world.notLpFarms.syrupPool}`,
      );
    // Pasting is enough: the wizard parses the URL as it arrives.
    const refusal = page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('that is a syrup pool');
    await browser.checkScreen('wizard: a syrup pool refused');

    await openNewLpImport(browser);
    await page.getByLabel('farm URL').fill('https://quickswap.exchange/#/farm/v2?tab=lpFarm');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain("that is QuickSwap's farm list, which names no farm");

    await openNewLpImport(browser);
    const analytics = `https://quickswap.exchange/#/analytics/v2/pair/${farm.pair}`;
    const { text } = await importThroughWizard(page, { url: analytics }, ['WBTC', 'USDC', 'dQUICK']);
    expect(text).toMatch(/^import (WBTC-USDC|USDC-WBTC) completed!$/);
  });

  it('imports a dual-mining farm, naming MYST over the realtime channel', async () => {
    const { page } = browser;
    const farm = env.world.farms.dualMystWeth;
    await openTool(browser, 'dual');
    await browser.checkScreen('dual-mining tool');
    const { text, namedTokens, priceChoices } = await importThroughWizard(page, farm, [
      'WETH',
      'dQUICK',
      'WMATIC',
    ]);
    expect(namedTokens, 'MYST was named through the realtime channel').toBe(1);
    expect(priceChoices).toBe(1);
    expect(text).toMatch(/^import (MYST-WETH|WETH-MYST) completed!$/);
    await browser.screenshot('dual-wizard-completed');

    await page.getByRole('tab', { name: 'All Quickswap Farms' }).click();
    const card = page.getByRole('article', { name: /farm (MYST \/ WETH|WETH \/ MYST)/ });
    await card.waitFor();
    const { tvl } = await readPoolValue(env.world, farm);
    expect(await card.getByRole('region', { name: 'pool snapshot' }).textContent()).toContain(formatUsd(tvl));
  });

  it('resumes an import at the same step after a reload, then completes it', async () => {
    const { page } = browser;
    const farm = env.world.farms.wethUsdc;
    await openNewLpImport(browser);
    await page.getByLabel('farm URL').fill(farm.url);
    await page.getByRole('button', { name: 'continue import' }).click();
    // The wizard advances on its own and stops at the price-data choice: mid-import.
    const step = page.getByText('step: CONFIRMING_TOKEN_COINMARKETCAP_DATA', { exact: true });
    await step.waitFor({ timeout: 30_000 });

    await page.reload();
    await step.waitFor({ timeout: 15_000 });
    await browser.checkScreen('wizard: resumed after a reload');
    expect(await page.getByLabel('farm URL').count(), 'no fresh start after the reload').toBe(0);
    const confirm = page.getByRole('button', { name: 'confirm price data' });
    for (const group of await page.getByRole('group').all()) {
      const radios = group.getByRole('radio');
      if ((await radios.count()) > 0) await radios.first().check();
    }
    await confirm.click();
    const done = page.getByText(/^import (WETH-USDC|USDC-WETH) completed!$/);
    await done.waitFor({ timeout: 30_000 });

    // Completed: a reload now starts a new import.
    await page.reload();
    await page.getByLabel('farm URL').waitFor({ timeout: 15_000 });
  });
});
