import type { WorldFarm } from '@tidewatch/testkit';
import type { Locator, Page } from 'playwright-core';
import { checkScreenOfPage } from './browser.ts';

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

export type ImportThroughWizardOptions = {
  /** Called on the price-data step once the candidates are chosen, before confirming (e.g. a screenshot). */
  onPriceStep?: () => Promise<void>;
};

/**
 * Walks the wizard from the pasted URL to 'completed', naming MYST over the realtime channel when asked.
 * Only the farm's URL is used: the demo journey has nothing but the URL the demo printed.
 */
export async function importThroughWizard(
  page: Page,
  farm: Pick<WorldFarm, 'url'>,
  symbols: readonly string[],
  options: ImportThroughWizardOptions = {},
): Promise<{ text: string; namedTokens: number; priceChoices: number }> {
  await page.getByLabel('farm URL').fill(farm.url);
  await checkScreenOfPage(page, 'wizard: farm URL');
  return completeWizard(page, symbols, options);
}

/**
 * From the wizard's first answer (the URL was sent: pasted, or filled by a one-click import) to
 * 'completed'.
 */
export async function completeWizard(
  page: Page,
  symbols: readonly string[],
  options: ImportThroughWizardOptions = {},
): Promise<{ text: string; namedTokens: number; priceChoices: number }> {
  let namedTokens = 0;
  let priceChoices = 0;
  await page.getByRole('button', { name: 'continue import' }).click();
  const done = page.getByText(/^import \S+-\S+ completed!$/);
  for (let guard = 0; guard < 12; guard += 1) {
    const confirm = page.getByRole('button', { name: 'confirm price data' });
    const tokenForm = page.getByRole('form', { name: 'name the token' });
    const onchain = page.getByText('prices come from on-chain pairs', { exact: false });
    const failure = page.getByRole('alert');
    await done.or(confirm).or(tokenForm).or(onchain).or(failure).first().waitFor({ timeout: 30_000 });
    if (await done.isVisible()) {
      await checkScreenOfPage(page, 'wizard: completed');
      return { text: (await done.textContent()) ?? '', namedTokens, priceChoices };
    }
    if (await failure.isVisible()) throw new Error(`the wizard failed: ${await failure.textContent()}`);
    if (await tokenForm.isVisible()) {
      await checkScreenOfPage(page, 'wizard: name the token');
      await tokenForm.getByLabel('name').fill('Mystery Token');
      await tokenForm.getByLabel('symbol').fill('MYST');
      await tokenForm.getByRole('button', { name: 'save token' }).click();
      await tokenForm.waitFor({ state: 'detached', timeout: 15_000 });
      namedTokens += 1;
      continue;
    }
    if (await confirm.isVisible()) {
      await choosePriceCandidates(page, symbols);
      await checkScreenOfPage(page, 'wizard: price data');
      await options.onPriceStep?.();
      await confirm.click();
      priceChoices += 1;
      await confirm.waitFor({ state: 'detached', timeout: 15_000 });
      continue;
    }
    await checkScreenOfPage(page, 'wizard: on-chain prices');
    await page.getByRole('button', { name: 'continue' }).click();
  }
  throw new Error('the wizard did not complete');
}
