import {
  defiEdgeStrategy,
  dragonLair,
  gammaHypervisor,
  ichiVault,
  stakingRewards,
  steerStakingRewards,
  steerVault,
} from '@tidewatch/contracts';
import { formatTokenAmount } from '@tidewatch/shared/amounts';
import {
  deployDefiEdgeStrategy,
  deployGammaVault,
  deployIchiVault,
  deploySteerVault,
  deployV3World,
  type MerklServer,
  type SmtpTestServer,
  type SteerServer,
  seedLairAndSyrupStakes,
  startMerklServer,
  startSteerServer,
  testAccounts,
  type V3World,
  v3WorldAppEnv,
} from '@tidewatch/testkit';
import { type Abi, type Address, erc20Abi, formatUnits, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSyrupRegistry } from '../apps/server/src/core/farm-index/syrup-registry.ts';
import { loadListedVaults } from '../apps/server/src/core/farm-index/vault-registry.ts';
import { logInThroughUi } from './support/accounts.ts';
import { type Browser, followNavLink, openTool, openWalletsScreen } from './support/browser.ts';
import { saveWalletThroughGuide, shortenAddress } from './support/farm-card.ts';
import { type FarmSession, startLoggedInFarmSession } from './support/farm-session.ts';
import type { FarmWorld } from './support/farm-world.ts';
import { completeWizard } from './support/wizard.ts';

const email = 'finder@example.com';
const password = 'tide-watch-finder-horse';
const account = testAccounts.user.address;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One of Steer's QuickSwap vaults on Polygon, and an address for its staking pool (Steer publishes none). */
const steerVaultAt = '0x1EB20de00B0Ed23E3f9fDA7d23Fcbf473a23f180' as const;
const steerStakingAt = '0x5733ee6d02e5fd7dc8cc42aa0ee7f0a91b6e5b1d' as const;

describe('discovery and control in Chromium: the farm index, find my farms, watch-only, password reset', () => {
  let env: FarmWorld;
  let browser: Browser;
  let smtp: SmtpTestServer;
  let steerApi: SteerServer;
  let merkl: MerklServer | undefined;
  let v3World: V3World;
  /** The vaults placed at their Polygon addresses, each with the wallet's shares: manager -> vault. */
  const vaults: Record<'gamma' | 'steer' | 'ichi' | 'defiedge', Address> = {} as never;

  beforeAll(async () => {
    // Steer's API lists its QuickSwap vault and the vault's staking pool, placed on the chain below.
    steerApi = await startSteerServer({
      vaults: [{ vaultAddress: steerVaultAt, pool: steerVaultAt }],
      stakingPools: [
        {
          stakingPool: steerStakingAt,
          stakingToken: steerVaultAt,
          rewardTokenA: steerVaultAt,
          periodFinish: 0,
        },
      ],
    });
    ({ env, browser, smtp } = (await startLoggedInFarmSession({
      email,
      password,
      withSmtp: true,
      // A vault of each manager QuickSwap's interface integrates, at their Polygon addresses, over Algebra's
      // bytecode: the wallet holds shares of each (part of Gamma's, Steer's and DefiEdge's staked).
      prepareChain: async (anvil, world) => {
        v3World = await deployV3World(anvil, world);
        // The vaults tool shows the wallet's Merkl rewards (the V3 tool's figure): Merkl's API served locally.
        merkl = await startMerklServer({ rewards: v3World.merkl.rewards });
        const listed = loadListedVaults().find((v) => v.manager === 'gamma' && v.staking)!;
        const gamma = await deployGammaVault(anvil, world, v3World, {
          at: listed.address,
          masterChefAt: listed.staking!.address,
          pid: listed.staking!.pid,
        });
        await deploySteerVault(anvil, world, v3World, { at: steerVaultAt, stakingAt: steerStakingAt });
        const ichi = await deployIchiVault(anvil, world, v3World);
        const defiEdge = await deployDefiEdgeStrategy(anvil, world, v3World);
        Object.assign(vaults, {
          gamma: gamma.hypervisor,
          steer: steerVaultAt,
          ichi: ichi.vault,
          defiedge: defiEdge.strategy,
        });
        return world;
      },
      appEnv: () => ({
        STEER_API_URL: steerApi.url,
        STEER_STAKING_POOLS_URL: steerApi.stakingPoolsUrl,
        ...v3WorldAppEnv(v3World, { merklApiUrl: merkl!.url }),
      }),
    })) as Required<FarmSession>);
    await saveWalletThroughGuide(browser.page, account);
  });

  afterAll(async () => {
    await browser?.close();
    await env?.stop();
    await smtp?.stop();
    await steerApi?.stop();
    await merkl?.stop();
  });

  it('browses and sorts every QuickSwap farm, and imports one in one click', async () => {
    const { page } = browser;
    const lpFarms = Object.values(env.world.farms).filter((farm) => farm.kind === 'lp');
    const index = page.getByRole('region', { name: 'every QuickSwap farm' });
    // The index is read from the factories in the background at start-up: look again, as a person would, by
    // switching tabs (the list asks the server again when it is shown).
    await openTool(browser, 'lp');
    for (let attempt = 0; attempt < 30; attempt++) {
      await page.getByRole('tab', { name: 'Tracked Farms' }).click();
      await page.getByRole('tab', { name: 'All Quickswap Farms' }).click();
      await index.getByText(/farms · index refreshed|is being built/).waitFor();
      if (await index.getByText(`${lpFarms.length} farms · index refreshed`, { exact: false }).isVisible())
        break;
      await page.waitForTimeout(1_000);
    }
    await index.getByText(`${lpFarms.length} farms · index refreshed`, { exact: false }).waitFor();
    await index.getByLabel('sort by').selectOption('apr:desc');
    await expect
      .poll(async () => {
        const aprs = await index.getByRole('article').locator('dd').allTextContents();
        const values = aprs
          .filter((_, i) => i % 2 === 1)
          .map((text) => Number.parseFloat(text.replace(/[%,]/g, '')));
        const known = values.filter((v) => !Number.isNaN(v));
        return known.length > 0 && known.every((v, i) => i === 0 || v <= known[i - 1]!);
      })
      .toBe(true);
    await browser.screenshot('farm-index');

    const farm = env.world.farms.wbtcUsdc;
    await index.getByRole('button', { name: new RegExp(`farm ${farm.address}$`) }).click();
    const { text } = await completeWizard(page, ['WBTC', 'USDC', 'dQUICK']);
    expect(text).toMatch(/completed!$/);
  });

  it("finds the wallet's farms, ended ones included, and tracks them all", async () => {
    const { page } = browser;
    await openWalletsScreen(browser);
    await page
      .getByRole('link', { name: shortenAddress(account) })
      .first()
      .click();
    const finder = page.getByRole('region', { name: 'find my farms' });
    await finder.getByRole('button', { name: 'find my farms' }).click();
    const found = finder.getByRole('list', { name: 'farms of this wallet' });
    await found.waitFor();
    const staked = Object.values(env.world.farms).filter((farm) => farm.userStake > 0n);
    expect(await found.getByRole('listitem').count()).toBe(staked.length);
    await found
      .getByText(/^ended \d{4}-\d{2}-\d{2}: .*unclaimed/)
      .first()
      .waitFor();
    await browser.screenshot('find-my-farms');
    await finder.getByRole('button', { name: 'track all' }).click();
    await finder.getByText(`now tracking ${staked.length} farms`).waitFor();
    await expect.poll(async () => found.getByText('tracked', { exact: true }).count()).toBe(staked.length);
  });

  it('adds a watch-only address, marked watch-only in the list', async () => {
    const { page } = browser;
    const watched = testAccounts.deployer.address;
    const longName = 'DeployerColdStorageTreasuryWallet2026';
    await openWalletsScreen(browser);
    const form = page.getByRole('form', { name: 'add a watch-only address' });
    await form.getByLabel('address').fill(watched);
    // A long name with nowhere to break must wrap, not push the page sideways on a phone (checkScreen).
    await form.getByLabel('name (optional)').fill(longName);
    await form.getByRole('button', { name: 'watch address' }).click();
    await form.getByText(`watching ${shortenAddress(watched)}`).waitFor();
    await browser.checkScreen('wallets with a watch-only address');
    const list = page.getByRole('list', { name: 'wallets' });
    const item = list.getByRole('listitem').filter({ hasText: shortenAddress(watched) });
    await item.getByText('watch-only').waitFor();
    await item.getByRole('link', { name: shortenAddress(watched) }).click();
    await page.getByRole('heading', { name: `${longName} wallet (watch-only)` }).waitFor();
    await browser.checkScreen('a watch-only wallet with a long name');
    await openWalletsScreen(browser);
    // A contract is refused, naming the field.
    browser.expectApiFailure('POST', '/api/wallets/watch', 400);
    await form.getByLabel('address').fill(env.world.farms.wethUsdc.address);
    await form.getByRole('button', { name: 'watch address' }).click();
    await form.getByText('is a contract, not a wallet', { exact: false }).waitFor();
    await browser.checkScreen('watch-only address refused');
  });

  it("shows the wallet's dQUICK and its syrup stakes in the vaults tool, as the chain reads them", async () => {
    const { page } = browser;
    // Three of QuickSwap's published syrup pools on this chain: two that ended an hour after they started, one
    // paying for a month, each with the wallet's stake; and dQUICK of both lairs in the wallet.
    const [s0, s1, s2] = loadSyrupRegistry();
    const pools = await seedLairAndSyrupStakes(env.anvil, env.world, {
      wallet: account,
      to: [s0!.address, s1!.address, s2!.address],
      endedSeconds: 3_600n,
      activeSeconds: 30n * 86_400n,
    });
    await env.anvil.increaseTime(7_200);
    await followNavLink(browser, 'Vaults tool');
    await page.getByRole('heading', { name: 'Vaults tool', level: 1 }).waitFor();
    const wallet = page.getByRole('region', { name: `wallet ${shortenAddress(account)}` });
    const summary = wallet.getByText(/in vaults, the lairs and syrup pools, at block/);
    await summary.waitFor();
    const block = BigInt((await summary.textContent())!.match(/at block ([\d,]+)/)![1]!.replaceAll(',', ''));
    await browser.checkScreen('vaults tool');
    await browser.screenshot('vaults-tool');
    const c = env.anvil.client;
    const read = (address: Address, abi: Abi, functionName: string, args: unknown[]) =>
      c.readContract({ address, abi, functionName, args, blockNumber: block }) as Promise<bigint>;
    const whole = (raw: bigint, decimals: number) => formatTokenAmount(formatUnits(raw, decimals));
    const { tokens } = env.world;
    for (const [lair, symbol] of [
      [tokens.DQUICK.address, 'dQUICK (old)'],
      [tokens.NEW_DQUICK.address, 'dQUICK'],
    ] as const) {
      const held = await read(lair, dragonLair.abi as Abi, 'balanceOf', [account]);
      const pays = await read(lair, dragonLair.abi as Abi, 'QUICKBalance', [account]);
      // The row that starts with this lair's dQUICK ('dQUICK' is also the start of 'dQUICK (old)').
      const start = new RegExp(`^${escapeRegExp(`${whole(held, 18)} ${symbol}`)}\\d`);
      const row = wallet.getByRole('row').filter({ hasText: start });
      await expect.poll(() => row.textContent()).toContain(`${whole(pays, 18)} QUICK`);
    }
    for (const [i, pool] of pools.entries()) {
      const row = wallet.getByRole('row').filter({ hasText: shortenAddress(pool) });
      const staked = await read(pool, stakingRewards.abi as Abi, 'balanceOf', [account]);
      const earned = await read(pool, stakingRewards.abi as Abi, 'earned', [account]);
      const rewardDecimals = i === 2 ? 6 : 18;
      const text = await row.textContent();
      expect(text).toContain(`${whole(staked, 18)} dQUICK`);
      expect(text).toContain(whole(earned, rewardDecimals));
      expect(text).toContain(i < 2 ? 'ended' : 'ends');
    }
    // A vault of each manager, the wallet's part of each as the vault's own totals say at that block.
    const vaultTotals = async (manager: keyof typeof vaults): Promise<readonly [bigint, bigint]> => {
      const vault = vaults[manager];
      if (manager === 'defiedge') {
        const { result } = await c.simulateContract({
          address: vault,
          abi: defiEdgeStrategy.abi as Abi,
          functionName: 'getAUMWithFees',
          args: [true],
          blockNumber: block,
        });
        const [a0, a1, f0, f1] = result as readonly [bigint, bigint, bigint, bigint];
        return [a0 + f0, a1 + f1];
      }
      const abi = { gamma: gammaHypervisor.abi, steer: steerVault.abi, ichi: ichiVault.abi }[manager] as Abi;
      return c.readContract({
        address: vault,
        abi,
        functionName: 'getTotalAmounts',
        blockNumber: block,
      }) as Promise<readonly [bigint, bigint]>;
    };
    /** The wallet's shares staked where each vault's are (Gamma's MasterChef, Steer's pool, DefiEdge's MiniChef). */
    const stakedIn = async (manager: keyof typeof vaults): Promise<bigint> => {
      const chef = parseAbi(['function userInfo(uint256, address) view returns (uint256, int256)']);
      if (manager === 'steer')
        return read(steerStakingAt, steerStakingRewards.abi as Abi, 'balanceOf', [account]);
      if (manager === 'ichi') return 0n;
      const listed = loadListedVaults().find((v) => v.address === vaults[manager])!;
      const [amount] = (await c.readContract({
        address: listed.staking!.address,
        abi: chef,
        functionName: 'userInfo',
        args: [BigInt(listed.staking!.pid), account],
        blockNumber: block,
      })) as readonly [bigint, bigint];
      return amount;
    };
    const poolAbi = parseAbi([
      'function pool() view returns (address)',
      'function token0() view returns (address)',
    ]);
    for (const [manager, name] of [
      ['gamma', 'Gamma'],
      ['steer', 'Steer'],
      ['ichi', 'ICHI'],
      ['defiedge', 'DefiEdge'],
    ] as const) {
      const row = wallet
        .getByRole('row')
        .filter({ hasText: new RegExp(`^${name} (WMATIC-USDC|USDC-WMATIC)`) });
      const text = (await row.textContent())!;
      const vault = vaults[manager];
      const held = await read(vault, erc20Abi as Abi, 'balanceOf', [account]);
      const shares = held + (await stakedIn(manager));
      const supply = await read(vault, erc20Abi as Abi, 'totalSupply', []);
      const [total0, total1] = await vaultTotals(manager);
      const pool = (await c.readContract({ address: vault, abi: poolAbi, functionName: 'pool' })) as Address;
      const token0 = (await c.readContract({
        address: pool,
        abi: poolAbi,
        functionName: 'token0',
      })) as Address;
      const [d0, d1] = token0 === env.world.tokens.USDC.address ? [6, 18] : [18, 6];
      expect(text, name).toContain(`${whole(held, 18)} shares held`);
      expect(text, name).toContain(whole((total0 * shares) / supply, d0));
      expect(text, name).toContain(whole((total1 * shares) / supply, d1));
    }
    await browser.screenshot('vaults-tool-four-managers');
    // Tracked, the stake joins the one portfolio: the dashboard adds it up in its own line.
    const label = 'syrup pool dQUICK (old) -> USDC';
    await wallet.getByRole('button', { name: `track ${label}` }).click();
    await wallet.getByRole('button', { name: `untrack ${label}` }).waitFor();
    await followNavLink(browser, 'dashboard');
    const byKind = page.getByRole('list', { name: 'by kind' });
    await expect.poll(() => byKind.textContent()).toMatch(/Vaults, lair and syrups \(1\): value \$[\d,.]+/);
  });

  it("takes a Steer vault's shares out from its row: unstaked with their rewards, then withdrawn, by clicks", async () => {
    const { page } = browser;
    await followNavLink(browser, 'Vaults tool');
    const wallet = page.getByRole('region', { name: `wallet ${shortenAddress(account)}` });
    await wallet.getByRole('link', { name: /^get it out: Steer \S+ vault$/ }).click();
    await page.getByRole('heading', { name: 'get it out' }).waitFor();
    // The vault came ticked from its row; its steps come first, before what ended farms left.
    const choice = page.getByRole('region', { name: 'vault shares and dQUICK, still earning' });
    await expect.poll(() => choice.getByRole('checkbox', { checked: true }).count()).toBe(1);
    await browser.checkScreen('recovery plan with a vault included');
    const steps = page.getByRole('list', { name: 'steps' });
    const c = env.anvil.client;
    const balance = (token: Address, of: Address = account) =>
      c.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [of] });
    for (const name of [
      /^step 1: Unstake your shares of the Steer \S+ vault and claim their rewards$/,
      /^step 1: Withdraw your shares of the Steer \S+ vault for its tokens$/,
    ]) {
      const runnable = steps
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'run this step' }) });
      await expect.poll(() => runnable.getAttribute('aria-label')).toMatch(name);
      await runnable.getByRole('button', { name: 'run this step' }).click();
      const run = page.getByRole('region', { name: /^transaction / });
      await run.getByRole('button', { name: 'confirm in wallet' }).click();
      await run.getByText(/^confirmed in block \d+$/).waitFor();
    }
    // The chain: no shares staked in Steer's pool, none left in the wallet.
    expect(
      await c.readContract({
        address: steerStakingAt,
        abi: steerStakingRewards.abi as Abi,
        functionName: 'balanceOf',
        args: [account],
      }),
    ).toBe(0n);
    expect(await balance(steerVaultAt)).toBe(0n);
    await browser.screenshot('vault-taken-out');
  });

  it('resets a forgotten password through the e-mailed link, and the new one logs in', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'log out' }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole('link', { name: 'forgot password?' }).click();
    // The screen loads lazily, and the login form it replaces has an email field too: wait for this one's
    // button before typing.
    await page.waitForURL(/\/forgot-password/);
    await page.getByRole('button', { name: 'send reset link' }).waitFor();
    await page.getByLabel('email').fill(email);
    await browser.checkScreen('forgot password');
    await page.getByRole('button', { name: 'send reset link' }).click();
    await page.getByText('if an account exists for that address', { exact: false }).waitFor();
    await browser.checkScreen('forgot password, link sent');
    const mail = await smtp.waitForMessage((m) => m.to.includes(email) && /reset/i.test(m.subject), 10_000);
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByLabel('new password', { exact: true }).fill('a new tide-watch password');
    await browser.checkScreen('reset password');
    await page.getByRole('button', { name: 'set new password' }).click();
    await page.getByText('your password was changed', { exact: false }).waitFor();
    await browser.checkScreen('password changed');
    await logInThroughUi(page, env.app.url, email, 'a new tide-watch password');
    expect(await page.evaluate("sessionStorage.getItem('jwtToken')")).toBeTruthy();
    // The link works once.
    browser.expectApiFailure('POST', '/api/internal/password-reset/confirm', 410);
    await page.goto(link!);
    await page.getByLabel('new password', { exact: true }).fill('yet another tide-watch password');
    await page.getByRole('button', { name: 'set new password' }).click();
    await page.getByText('expired or was already used', { exact: false }).waitFor();
  });
});
