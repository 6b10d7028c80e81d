import { shortenAddress } from '@tidewatch/shared/format';
import type { Locator, Page } from 'playwright-core';
import { checkScreenOfPage } from './browser.ts';

// The journeys look for addresses as the app shortens them: one implementation for both.
export { shortenAddress };

/** The text of a figure a card or detail shows, read from the row labelled `label` (e.g. 'earned'). */
export async function readFigure(scope: Locator, label: string): Promise<string> {
  const row = scope.getByText(label, { exact: true }).first().locator('xpath=..');
  return ((await row.locator('dd').textContent()) ?? '').trim();
}

/** The position value a card or detail shows, read from its 'position value' row. */
export function readPositionValue(scope: Locator): Promise<string> {
  return readFigure(scope, 'position value');
}

/** Clicks a card's refresh and waits for the snapshot call's answer (200) and the button to come back. */
export async function refreshFarmCard(card: Locator): Promise<void> {
  const answered = card
    .page()
    .waitForResponse(
      (r) => /create-snapshots|dual-mining\/snapshots/.test(r.url()) && r.request().method() === 'POST',
    );
  await card.getByRole('button', { name: 'refresh' }).click();
  const status = (await answered).status();
  if (status !== 200) throw new Error(`the snapshot call answered ${status}`);
  await card.getByRole('button', { name: 'refresh' }).waitFor();
}

/** Tracks a farm card with a saved wallet through the card's wallet chooser. */
export async function trackFarmCard(card: Locator, address: string): Promise<void> {
  const short = shortenAddress(address);
  await card.getByRole('button', { name: 'track' }).click();
  const chooser = card.getByRole('dialog', { name: 'choose wallet to track' });
  await chooser.getByRole('button', { name: new RegExp(`track address ${short}`) }).waitFor();
  await checkScreenOfPage(card.page(), 'farm card: choose wallet to track');
  await chooser.getByRole('button', { name: new RegExp(`track address ${short}`) }).click();
  await card.getByText(`tracking with ${short}`).waitFor();
}

/**
 * From the dashboard: opens the connect guide, connects through 'connect to metamask', signs, and saves the
 * wallet to the account.
 */
export async function saveWalletThroughGuide(page: Page, address: string): Promise<void> {
  await page.getByRole('button', { name: 'connect MetaMask wallet' }).click();
  const guide = page.getByRole('region', { name: 'connect MetaMask wallet' });
  await guide.getByRole('button', { name: 'connect to metamask' }).click();
  await guide.getByText(address).waitFor();
  await checkScreenOfPage(page, 'connect guide: address');
  await guide.getByRole('button', { name: 'confirm address' }).click();
  await guide.getByRole('button', { name: 'continue' }).click();
  await guide.getByText('wallet added to your account!').waitFor();
  await checkScreenOfPage(page, 'connect guide: wallet added');
}
