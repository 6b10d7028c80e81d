import { createTestWalletBridge, installTestWallet, testAccounts, type WorldFarm } from '@tidewatch/testkit';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, logInThroughUi } from './support/accounts.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { type FarmWorld, formatUsd, readPoolValue, startFarmWorld } from './support/farm-world.ts';

const email = 'importer@example.com';
const password = 'tide-watch-import-horse';

/** Picks, in every price-data group, the candidate whose symbol is the token's own (the world's tokens). */
async function choosePriceCandidates(page: Page, symbols: readonly string[]) {
  const groups = page.getByRole('group');
  const count = await groups.count();
  for (let index = 0; index < count; index += 1) {
    const group: Locator = groups.nth(index);
    const radios = group.getByRole('radio');
    if ((await radios.count()) === 0) continue;
    const labels = await group.locator('label').allTextContents();
    // Prefer the exact symbol; 'QuickSwap [Old]' is the world's QUICK.
    const pick = labels.findIndex((label) => symbols.some((symbol) => label.includes(`(${symbol})`)));
    await radios.nth(Math.max(0, pick)).check();
  }
}

/** Walks the wizard from the pasted URL to 'completed', naming MYST over the realtime channel when asked. */
async function importThroughWizard(
  page: Page,
  farm: WorldFarm,
  symbols: readonly string[],
): Promise<{ text: string; namedTokens: number; priceChoices: number }> {
  let namedTokens = 0;
  let priceChoices = 0;
  await page.getByLabel('farm URL').fill(farm.url);
  await page.getByRole('button', { name: 'continue import' }).click();
  const done = page.getByText(/^import \S+-\S+ completed!$/);
  for (let guard = 0; guard < 12; guard += 1) {
    const confirm = page.getByRole('button', { name: 'confirm price data' });
    const tokenForm = page.getByRole('form', { name: 'name the token' });
    const onchain = page.getByText('prices come from on-chain pairs', { exact: false });
    const failure = page.getByRole('alert');
    await done.or(confirm).or(tokenForm).or(onchain).or(failure).first().waitFor({ timeout: 30_000 });
    if (await done.isVisible()) return { text: (await done.textContent()) ?? '', namedTokens, priceChoices };
    if (await failure.isVisible()) throw new Error(`the wizard failed: ${await failure.textContent()}`);
    if (await tokenForm.isVisible()) {
      await tokenForm.getByLabel('name').fill('Mystery Token');
      await tokenForm.getByLabel('symbol').fill('MYST');
      await tokenForm.getByRole('button', { name: 'save token' }).click();
      await tokenForm.waitFor({ state: 'detached', timeout: 15_000 });
      namedTokens += 1;
      continue;
    }
    if (await confirm.isVisible()) {
      await choosePriceCandidates(page, symbols);
      await confirm.click();
      priceChoices += 1;
      await confirm.waitFor({ state: 'detached', timeout: 15_000 });
      continue;
    }
    await page.getByRole('button', { name: 'continue' }).click();
  }
  throw new Error('the wizard did not complete');
}

describe('import wizard in Chromium (both variants)', () => {
  let env: FarmWorld;
  let browser: Browser;

  beforeAll(async () => {
    env = await startFarmWorld();
    browser = await launchBrowser();
    const bridge = createTestWalletBridge({
      rpcUrl: env.anvil.rpcUrl,
      privateKey: testAccounts.user.privateKey,
    });
    await installTestWallet(browser.context, bridge);
    await createConfirmedAccount(env.app, email, password);
    await logInThroughUi(browser.page, env.app.url, email, password);
  });

  afterAll(async () => {
    await browser?.close();
    await env?.stop();
  });

  it('imports a liquidity-mining farm and lists it with the pool liquidity the chain implies', async () => {
    const { page } = browser;
    const farm = env.world.farms.wmaticUsdc;
    await page.goto(`${env.app.url}/quickswap/lp-mining`);
    await page.getByRole('heading', { name: 'liquidity-pool tool' }).waitFor();
    await browser.screenshot('lp-tool-screen');
    const { text, priceChoices } = await importThroughWizard(page, farm, ['WMATIC', 'USDC', 'dQUICK']);
    expect(priceChoices, 'CoinMarketCap candidates were chosen').toBe(1);
    expect(text).toMatch(/^import (WMATIC-USDC|USDC-WMATIC) completed!$/);
    await browser.screenshot('lp-wizard-completed');

    await page.getByRole('tab', { name: 'All Quickswap Farms' }).click();
    const card = page.getByRole('article', { name: /farm (WMATIC \/ USDC|USDC \/ WMATIC)/ });
    await card.waitFor();
    const { tvl } = await readPoolValue(env.world, farm);
    const pool = card.getByRole('region', { name: 'pool snapshot' });
    expect(await pool.textContent()).toContain(formatUsd(tvl));
    await card.screenshot({ path: `${process.cwd()}/artifacts/lp-farm-card.png` });
  });

  it('imports a dual-mining farm, naming MYST over the realtime channel', async () => {
    const { page } = browser;
    const farm = env.world.farms.dualMystWeth;
    await page.goto(`${env.app.url}/quickswap/dual-mining`);
    await page.getByRole('heading', { name: 'dual-mining tool' }).waitFor();
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
});
