import { formatTokenAmount } from '@tidewatch/shared/amounts';
import { recoveryAbis } from '@tidewatch/shared/recovery-calls';
import { type TestWalletBridge, testAccounts, type WorldFarm } from '@tidewatch/testkit';
import type { Locator } from 'playwright-core';
import { type Address, formatUnits, getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, followNavLink } from './support/browser.ts';
import { type EndedStakes, stakeInTwoEndedFarms } from './support/ended-farms.ts';
import { saveWalletThroughGuide, shortenAddress } from './support/farm-card.ts';
import { startLoggedInFarmSession } from './support/farm-session.ts';
import { type FarmWorld, formatUsd, readPoolValue } from './support/farm-world.ts';
import { createWalletLedger } from './support/recovery-ledger.ts';

const email = 'recovery@example.com';
const password = 'tide-watch-recovery-horse';
const idle = testAccounts.idle;
const short = shortenAddress(idle.address);
/** QuickSwap's V2 router on Polygon: Uniswap V2's Router02 runs there, and the world's copy is placed there. */
const quickswapRouter = getAddress('0xa5E0829CaCEd8fFDD4De3c43696c57F7D7A678ff');

/*
 * Issue 33's journey: a wallet with stake in two ended farms (one LP, one dual) run by QuickSwap's farm bytecode
 * at real Polygon addresses, Uniswap V2's Router02 at QuickSwap's router address. From the dashboard's 'left in
 * ended farms' to the recovery plan, every step run by clicks in one tab with the injected wallet: one prompt
 * rejected in the middle, one transaction sped up in the wallet. After every step the test reads the chain with
 * its own client and compares each balance of the wallet with its own arithmetic.
 */
describe('get it out in Chromium: the recovery plan of two ended farms, run to the end', () => {
  let env: FarmWorld;
  let browser: Browser;
  let bridge: TestWalletBridge;
  let stakes: EndedStakes;

  beforeAll(async () => {
    ({ env, browser, bridge } = await startLoggedInFarmSession({
      email,
      password,
      walletAccount: idle,
      prepareChain: async (anvil, world) => {
        stakes = await stakeInTwoEndedFarms(anvil, world, idle, { lp: 'wbtcUsdc', dual: 'dualMystWeth' });
        return stakes.world;
      },
    }));
    await waitForFarmIndex(env.app.url);
    await saveWalletThroughGuide(browser.page, idle.address);
    // The wallet can run several calls in one prompt (EIP-5792): the plan offers all its steps as one batch.
    bridge.setAtomicBatchSupport(true);
  });

  afterAll(async () => {
    await browser?.close();
    await env?.stop();
  });

  const client = () => env.anvil.client;
  let ledger: ReturnType<typeof createWalletLedger>;
  beforeAll(() => {
    const t = env.world.tokens;
    const { lp, dual } = stakes.farms;
    ledger = createWalletLedger(env.anvil, idle.address, {
      factory: env.world.factory,
      // Every token the plan moves: the two pairs' LP, what they hold, the rewards, old dQUICK, old and new QUICK.
      tracked: {
        [`LP ${lp.pairKey}`]: lp.pair,
        [`LP ${dual.pairKey}`]: dual.pair,
        ...Object.fromEntries(
          (['WBTC', 'USDC', 'MYST', 'WETH', 'WMATIC', 'DQUICK', 'QUICK', 'NEW_QUICK'] as const).map((key) => [
            key,
            t[key].address,
          ]),
        ),
      },
    });
  });
  const symbolOf = (token: Address) =>
    Object.values(env.world.tokens).find((t) => t.address === token)!.symbol;

  /** Whole tokens as the app writes an amount ('0.0123'), from the raw amount the test read. */
  const amountText = (raw: bigint, decimals = 18) => formatTokenAmount(formatUnits(raw, decimals));
  /** A farm's pair as the app names it: its tokens in the pair's order ('USDC-WBTC'). */
  const pairName = (farm: WorldFarm) => {
    const pair = Object.values(env.world.pairs).find((p) => p.address === farm.pair)!;
    return `${symbolOf(pair.token0)}-${symbolOf(pair.token1)}`;
  };
  /** The app's label of a farm. */
  const farmLabel = (farm: WorldFarm) => `${farm.kind === 'dual' ? 'dual farm' : 'farm'} ${pairName(farm)}`;
  /** A farm as a step's name says it ('the USDC-WBTC farm'). */
  const farmName = (farm: WorldFarm) =>
    `the ${pairName(farm)} ${farm.kind === 'dual' ? 'dual farm' : 'farm'}`;
  const exitName = 'Withdraw your stake and claim rewards from';
  /** The farm whose pair a remove-liquidity run pays out, read from what the run says arrives. */
  const removalFarm = async (run: Locator) => {
    const receives = (await run.getByRole('list', { name: 'you receive' }).textContent()) ?? '';
    return receives.includes('WBTC') ? stakes.farms.lp : stakes.farms.dual;
  };

  /** The hash of every step's mined transaction, as the page followed it. */
  const minedHashes: Hex[] = [];
  /** The wallet's transactions the server recorded, fetched in the page with its own session. */
  const fetchRecorded = () =>
    browser.page.evaluate(async (wallet) => {
      const storage = (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } })
        .sessionStorage;
      const response = await fetch(`/api/recovery/transactions?wallet_address=${wallet}`, {
        headers: { authorization: `Bearer ${storage.getItem('jwtToken')}` },
      });
      return (await response.json()) as {
        transactions: { tx_hash: string; step_kind: string; status: string; gas_used: string }[];
      };
    }, idle.address);

  const stepsList = () => browser.page.getByRole('list', { name: 'steps' });
  const runner = () => browser.page.getByRole('region', { name: /^transaction / });
  const stepCount = () => stepsList().getByRole('listitem').count();

  /** The plan's one runnable step ('run this step'): checks it is the expected one and opens its runner. */
  async function openRunnableStep(name: RegExp): Promise<Locator> {
    const runnable = stepsList()
      .getByRole('listitem')
      .filter({ has: browser.page.getByRole('button', { name: 'run this step' }) });
    await runnable.waitFor();
    expect(await runnable.getAttribute('aria-label')).toMatch(name);
    await runnable.getByRole('button', { name: 'run this step' }).click();
    await signPermitIfAsked();
    return runner();
  }

  /** A removal with a permit first shows what the permit allows: the signature is asked on the click. */
  async function signPermitIfAsked(): Promise<void> {
    const next = runner().getByRole('button', { name: /^(confirm in wallet|sign the permit in wallet)$/ });
    await next.first().waitFor();
    const sign = runner().getByRole('button', { name: 'sign the permit in wallet' });
    if (await sign.isVisible()) await sign.click();
    await runner().getByRole('button', { name: 'confirm in wallet' }).waitFor();
  }

  /**
   * Waits for the run's receipt as the page shows it ('confirmed in block N'), the server's record of its gas,
   * and the plan read again (one step fewer, or nothing left); returns the mined hash the page links to.
   */
  async function waitForConfirmation(stepsBefore: number): Promise<Hex> {
    const run = runner();
    await run.getByText(/^confirmed in block \d+$/).waitFor();
    await run.getByText(/^gas paid: /).waitFor();
    const hash = (await run
      .getByRole('link', { name: /^0x[0-9a-f]{64}$/i })
      .last()
      .textContent()) as Hex;
    const receipt = await client().getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(getAddress(receipt.from)).toBe(idle.address);
    await run.getByText(`confirmed in block ${receipt.blockNumber}`).waitFor();
    if (stepsBefore > 1) await expect.poll(stepCount).toBe(stepsBefore - 1);
    else await browser.page.getByText('nothing left in ended farms for this wallet').waitFor();
    minedHashes.push(hash);
    return hash;
  }

  it("the dashboard's 'left in ended farms' values the two farms and leads to their plan", async () => {
    const { page } = browser;
    const { farms } = stakes;
    expect(env.world.router).toBe(quickswapRouter);
    for (const farm of [farms.lp, farms.dual]) expect(await ledger.stakeIn(farm)).toBeGreaterThan(0n);

    // The value: each stake at its pool's LP price, each reward at its price (old dQUICK, WMATIC).
    let expected = 0;
    for (const farm of [farms.lp, farms.dual]) {
      const { positionUsd } = await readPoolValue(env.world, farm, idle.address);
      const earned = await ledger.earnedIn(farm);
      expected += positionUsd!;
      farm.rewardTokens.forEach((key, k) => {
        const { usdPrice, decimals } = env.world.tokens[key];
        expected += (Number(earned[k]) / 10 ** decimals) * usdPrice!;
      });
    }
    await page.getByRole('button', { name: 'check ended farms' }).click();
    const left = page.getByRole('list', { name: 'left in ended farms' });
    const row = left.getByRole('listitem').filter({ hasText: short });
    await row.getByText(/in 2 ended farms/).waitFor();
    expect(await row.textContent()).toContain(`${formatUsd(expected)} in 2 ended farms`);
    await browser.screenshot('recovery-left-in-ended-farms');

    await row.getByRole('link', { name: `get it out of ${short}` }).click();
    await page.getByRole('heading', { name: 'get it out', level: 1 }).waitFor();
    await stepsList().waitFor();

    // Both farms, at their real addresses, with the stake and rewards the chain holds for the wallet.
    for (const farm of [farms.lp, farms.dual]) {
      const item = page.getByRole('listitem').filter({ hasText: new RegExp(farm.address, 'i') });
      await item.getByText(farmLabel(farm)).waitFor();
      const staked = await ledger.stakeIn(farm);
      const earned = await ledger.earnedIn(farm);
      const text = (await item.textContent()) ?? '';
      expect(text).toContain(`staked: ${amountText(staked)} ${pairName(farm)} LP`);
      const rewards = farm.rewardTokens.map(
        (key, k) =>
          `${amountText(earned[k]!)} ${key === 'DQUICK' ? 'dQUICK (old)' : env.world.tokens[key].symbol}`,
      );
      for (const reward of rewards) expect(text).toContain(reward);
    }
    // Per farm exit, per pair remove liquidity, leave the lair, approve and convert old QUICK: in words.
    const labels = await stepsList()
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    expect(labels).toHaveLength(7);
    expect(labels.slice(0, 2).sort()).toEqual(
      [`step 1: ${exitName} ${farmName(farms.lp)}`, `step 2: ${exitName} ${farmName(farms.dual)}`].sort(),
    );
    expect(labels.slice(2, 4)).toEqual([
      expect.stringMatching(/^step 3: Remove liquidity of \S+-\S+$/),
      expect.stringMatching(/^step 4: Remove liquidity of \S+-\S+$/),
    ]);
    expect(labels.slice(4)).toEqual([
      "step 5: Leave the Dragon's Lair (old dQUICK to old QUICK)",
      'step 6: Allow the QUICK converter to spend your QUICK (old)',
      'step 7: Convert old QUICK to new QUICK',
    ]);
    await browser.screenshot('recovery-plan');
  });

  it('offers every step in one wallet prompt: simulated together and shown step by step; a rejected prompt sends nothing', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'run every step in one wallet prompt' }).click();
    const batch = page.getByRole('region', { name: 'transactions in one wallet prompt' });
    // The plan's seven steps, each removal of liquidity after the router's approve of its LP (a batch signs no
    // permit): nine calls, built each on the state the ones before it leave and simulated together.
    await batch.getByRole('button', { name: 'confirm all in wallet' }).waitFor({ timeout: 30_000 });
    const calls = await batch
      .getByRole('list', { name: 'steps in this batch' })
      .locator(':scope > li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    expect(calls).toEqual([
      'step 1: exit()',
      'step 2: exit()',
      'step 3: approve(address,uint256)',
      expect.stringMatching(/^step 4: removeLiquidity\(/),
      'step 5: approve(address,uint256)',
      expect.stringMatching(/^step 6: removeLiquidity\(/),
      'step 7: leave(uint256)',
      'step 8: approve(address,uint256)',
      'step 9: quickToQuickX(uint256)',
    ]);
    await browser.screenshot('recovery-batch-review');
    const nonce = await client().getTransactionCount({ address: idle.address });
    const before = await ledger.readBalances();
    bridge.failNext('wallet_sendCalls', 4001);
    await batch.getByRole('button', { name: 'confirm all in wallet' }).click();
    await batch.getByText('looks like you rejected a prompt in your metamask extension').waitFor();
    expect(await client().getTransactionCount({ address: idle.address })).toBe(nonce);
    await ledger.expectBalanceChanges(before, []);
  });

  it('runs every step by clicks, with a rejected prompt and a sped-up transaction, the chain checked after each', async () => {
    const { page } = browser;
    const { farms } = stakes;
    const t = env.world.tokens;

    // Steps 1 and 2: exit both farms, in the plan's order.
    for (let step = 1; step <= 2; step++) {
      const label = (await stepsList()
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'run this step' }) })
        .getAttribute('aria-label'))!;
      const farm = label.endsWith(farmName(farms.lp)) ? farms.lp : farms.dual;
      const run = await openRunnableStep(new RegExp(`: ${exitName} `));
      // The confirmation names the contract the transaction calls: the farm at its real address.
      await run.getByRole('link', { name: sameAddress(farm.address) }).waitFor();
      if (step === 1) await browser.screenshot('recovery-step-review');
      const staked = await ledger.stakeIn(farm);
      const earned = await ledger.earnedIn(farm);
      const before = await ledger.readBalances();
      await run.getByRole('button', { name: 'confirm in wallet' }).click();
      await waitForConfirmation(8 - step);
      expect(await ledger.stakeIn(farm)).toBe(0n);
      expect(await ledger.earnedIn(farm)).toEqual(earned.map(() => 0n));
      await ledger.expectBalanceChanges(before, [
        [farm.pair, staked],
        ...farm.rewardTokenAddresses.map((token, k) => [token, earned[k]!] as [Address, bigint]),
      ]);
    }

    let removedFirst: WorldFarm | undefined;
    // Step 3: remove the first pair's liquidity with a permit; MetaMask's 'speed up' replaces the transaction.
    {
      const run = await openRunnableStep(/^step 1: Remove liquidity of /);
      await run.getByRole('link', { name: sameAddress(quickswapRouter) }).waitFor();
      const first = await removalFarm(run);
      removedFirst = first;
      const { liquidity, changes } = await ledger.expectedRemoval(first.pair);
      expect(liquidity).toBe(stakes.staked[first === farms.lp ? 'lp' : 'dual']);
      const before = await ledger.readBalances();
      const replacing = bridge.replaceNextTransaction('speed-up');
      await run.getByRole('button', { name: 'confirm in wallet' }).click();
      const { replaced, replacement } = await replacing;
      await run.getByText(/^replaced in your wallet/).waitFor();
      const followed = await waitForConfirmation(5);
      expect(followed).toBe(replacement);
      expect(await run.getByText(/^replaced in your wallet/).textContent()).toContain(replacement);
      await expect(client().getTransactionReceipt({ hash: replaced })).rejects.toThrow();
      const receipt = await client().getTransactionReceipt({ hash: replacement });
      expect(getAddress(receipt.to!)).toBe(quickswapRouter);
      await browser.screenshot('recovery-step-replaced');
      await ledger.expectBalanceChanges(before, changes);
    }

    // Step 4: the other pair's; the first prompt is rejected in the wallet, nothing is sent, then it runs again.
    {
      const run = await openRunnableStep(/^step 1: Remove liquidity of /);
      const second = await removalFarm(run);
      expect(second).not.toBe(removedFirst);
      const { liquidity, changes } = await ledger.expectedRemoval(second.pair);
      expect(liquidity).toBe(stakes.staked[second === farms.lp ? 'lp' : 'dual']);
      const nonce = await client().getTransactionCount({ address: idle.address });
      const before = await ledger.readBalances();
      bridge.failNext('eth_sendTransaction', 4001);
      await run.getByRole('button', { name: 'confirm in wallet' }).click();
      await run.getByText('looks like you rejected a prompt in your metamask extension').waitFor();
      await browser.screenshot('recovery-step-rejected');
      expect(await client().getTransactionCount({ address: idle.address })).toBe(nonce);
      await ledger.expectBalanceChanges(before, []);
      expect(await stepCount()).toBe(4);
      await run.getByRole('button', { name: 'try again' }).click();
      await signPermitIfAsked();
      await run.getByRole('button', { name: 'confirm in wallet' }).click();
      await waitForConfirmation(4);
      expect(await client().getTransactionCount({ address: idle.address })).toBe(nonce + 1);
      await ledger.expectBalanceChanges(before, changes);
    }

    // Step 5: leave the old Dragon's Lair: every old dQUICK for dQUICKForQUICK of it in old QUICK.
    {
      const run = await openRunnableStep(/^step 1: Leave the Dragon's Lair/);
      await run.getByRole('link', { name: sameAddress(t.DQUICK.address) }).waitFor();
      const dquick = await ledger.balanceOf(t.DQUICK.address);
      const quick = await ledger.read<bigint>(t.DQUICK.address, recoveryAbis.lair, 'dQUICKForQUICK', [
        dquick,
      ]);
      expect(quick).toBeGreaterThan(dquick);
      const before = await ledger.readBalances();
      await run.getByRole('button', { name: 'confirm in wallet' }).click();
      await waitForConfirmation(3);
      await ledger.expectBalanceChanges(before, [
        [t.DQUICK.address, -dquick],
        [t.QUICK.address, quick],
      ]);
    }

    // Steps 6 and 7: approve old QUICK for the converter, then convert it at 1000 new QUICK each.
    {
      const run = await openRunnableStep(/^step 1: Allow the QUICK converter to spend your QUICK \(old\)$/);
      const quick = await ledger.balanceOf(t.QUICK.address);
      const before = await ledger.readBalances();
      await run.getByRole('button', { name: 'confirm in wallet' }).click();
      await waitForConfirmation(2);
      expect(
        await ledger.read<bigint>(t.QUICK.address, recoveryAbis.erc20, 'allowance', [
          idle.address,
          env.world.quickConverter,
        ]),
      ).toBe(quick);
      await ledger.expectBalanceChanges(before, []);
    }
    {
      const run = await openRunnableStep(/^step 1: Convert old QUICK to new QUICK$/);
      await run.getByRole('link', { name: sameAddress(env.world.quickConverter) }).waitFor();
      const quick = await ledger.balanceOf(t.QUICK.address);
      const before = await ledger.readBalances();
      await run.getByRole('button', { name: 'confirm in wallet' }).click();
      await waitForConfirmation(1);
      await ledger.expectBalanceChanges(before, [
        [t.QUICK.address, -quick],
        [t.NEW_QUICK.address, quick * 1000n],
      ]);
    }

    // Nothing is left anywhere the plan looks: no stake, no LP, no old dQUICK or old QUICK.
    for (const farm of [farms.lp, farms.dual]) expect(await ledger.stakeIn(farm)).toBe(0n);
    const left = await Promise.all(
      [farms.lp.pair, farms.dual.pair, t.DQUICK.address, t.QUICK.address].map(ledger.balanceOf),
    );
    expect(left).toEqual([0n, 0n, 0n, 0n]);
    await browser.screenshot('recovery-plan-done');

    // The server recorded each mined transaction once (the replacement, not the one it replaced), with its gas.
    const { transactions } = await fetchRecorded();
    expect(minedHashes).toHaveLength(7);
    expect(transactions.map((tx) => tx.tx_hash.toLowerCase()).sort()).toEqual(
      minedHashes.map((hash) => hash.toLowerCase()).sort(),
    );
    for (const tx of transactions) {
      const receipt = await client().getTransactionReceipt({ hash: tx.tx_hash as Hex });
      expect([tx.status, tx.gas_used]).toEqual(['success', String(receipt.gasUsed)]);
    }
    expect(transactions.map((tx) => tx.step_kind).sort()).toEqual(
      [
        'approve',
        'convert_quick',
        'exit',
        'exit',
        'leave_lair',
        'remove_liquidity',
        'remove_liquidity',
      ].sort(),
    );
  }, 300_000);

  it("the dashboard's 'left in ended farms' then says nothing is left", async () => {
    const { page } = browser;
    await followNavLink(browser, 'dashboard');
    await page.getByRole('heading', { name: 'dashboard' }).waitFor();
    // Asked earlier in this visit to the app: the answer the recorded steps made stale is read again.
    const row = page
      .getByRole('list', { name: 'left in ended farms' })
      .getByRole('listitem')
      .filter({ hasText: short });
    await row.getByText('nothing left in ended farms').waitFor();
    expect(await row.getByRole('link', { name: `get it out of ${short}` }).count()).toBe(0);
    await browser.screenshot('recovery-left-in-ended-farms-empty');
  });
});

/** An address as the page may write it (checksummed or not), and nothing around it. */
const sameAddress = (address: string) => new RegExp(`^${address}$`, 'i');

/** Waits until the app's farm index has been built once (/api/health names its last refresh). */
async function waitForFarmIndex(appUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const health = (await (await fetch(`${appUrl}/api/health`)).json()) as { farm_index?: unknown };
    if (health.farm_index) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the farm index was not built within a minute of the app starting');
}
