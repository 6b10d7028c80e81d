import { testAccounts } from '@tidewatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, followNavLink, openTool } from './support/browser.ts';
import {
  readPositionValue,
  refreshFarmCard,
  saveWalletThroughGuide,
  shortenAddress,
  trackFarmCard,
} from './support/farm-card.ts';
import { startLoggedInFarmSession } from './support/farm-session.ts';
import { type FarmWorld, formatUsd, readPoolValue } from './support/farm-world.ts';
import { importThroughWizard } from './support/wizard.ts';

const email = 'tracker@example.com';
const password = 'tide-watch-tracker-horse';
const account = testAccounts.user.address;
const short = shortenAddress(account);

describe('farms in Chromium: track, refresh, detail, LP tools', () => {
  let env: FarmWorld;
  let browser: Browser;

  beforeAll(async () => {
    ({ env, browser } = await startLoggedInFarmSession({ email, password }));
    const { page } = browser;

    await saveWalletThroughGuide(page, account);

    // One liquidity-mining farm and one dual-mining farm, imported through the wizard.
    await openTool(browser, 'lp');
    await importThroughWizard(page, env.world.farms.wmaticUsdc, ['WMATIC', 'USDC', 'dQUICK']);
    await openTool(browser, 'dual');
    await importThroughWizard(page, env.world.farms.dualWethWmatic, ['WETH', 'WMATIC', 'dQUICK']);
  });

  afterAll(async () => {
    await browser?.close();
    await env?.stop();
  });

  const farmsByKind = [
    { kind: 'lp', segment: 'lp-mining', farmKey: 'wmaticUsdc', pair: /farm (WMATIC \/ USDC|USDC \/ WMATIC)/ },
    {
      kind: 'dual',
      segment: 'dual-mining',
      farmKey: 'dualWethWmatic',
      pair: /farm (WETH \/ WMATIC|WMATIC \/ WETH)/,
    },
  ] as const;

  for (const { kind, segment, farmKey, pair } of farmsByKind) {
    it(`${segment}: track with the saved wallet, refresh twice over time, open the detail`, async () => {
      const { page } = browser;
      const farm = env.world.farms[farmKey];
      await openTool(browser, kind);
      await page.getByRole('button', { name: 'connect to metamask' }).first().click();
      await page.getByText(`connected address: ${short}`).waitFor();
      await page.getByRole('tab', { name: 'All Quickswap Farms' }).click();
      await trackFarmCard(page.getByRole('article', { name: pair }), account);

      await page.getByRole('tab', { name: 'Tracked Farms' }).click();
      const tracked = page.getByRole('article', { name: pair });
      await refreshFarmCard(tracked);
      const first = await readPoolValue(env.world, farm, account);
      expect(await readPositionValue(tracked)).toBe(formatUsd(first.positionUsd ?? Number.NaN));
      await browser.screenshot(`${segment}-tracked-card`);

      await env.anvil.increaseTime(3_600);
      await env.anvil.mine();
      await refreshFarmCard(tracked);
      const second = await readPoolValue(env.world, farm, account);
      expect(await readPositionValue(tracked)).toBe(formatUsd(second.positionUsd ?? Number.NaN));

      await tracked.getByRole('link', { name: 'View Farm' }).click();
      await page.getByRole('img', { name: 'position value over time' }).waitFor();
      const history = page.getByRole('region', { name: 'position snapshots' });
      // The import may have written a first position snapshot: at least the two refreshes are listed.
      expect(await history.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
      await browser.screenshot(`${segment}-farm-detail`);
    });
  }

  it('the LP tools tree lists both farms under their products', async () => {
    const { page } = browser;
    await followNavLink(browser, 'LP tools');
    const tree = page.getByRole('navigation', { name: 'LP tools' });
    const lp = env.world.farms.wmaticUsdc.address;
    const dual = env.world.farms.dualWethWmatic.address;
    await tree.locator(`a[href="/lp-tools/view/quickswap/lp-mining/${lp}"]`).waitFor();
    await tree.locator(`a[href="/lp-tools/view/quickswap/dual-mining/${dual}"]`).waitFor();
    expect(await tree.getByRole('link', { name: /WMATIC \/ USDC|USDC \/ WMATIC/ }).count()).toBe(1);
    await tree.getByRole('link', { name: /WETH \/ WMATIC|WMATIC \/ WETH/ }).click();
    await page.getByRole('img', { name: 'position value over time' }).waitFor();
    await browser.screenshot('lp-tools-farm');
  });
});
