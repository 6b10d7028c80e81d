import { readFile } from 'node:fs/promises';
import { type Address, createPublicClient, formatUnits, type Hash, http, parseAbiItem } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInThroughUi } from './support/accounts.ts';
import {
  type Browser,
  followNavLink,
  launchBrowser,
  openTool,
  openWalletsScreen,
} from './support/browser.ts';
import {
  type DemoProcess,
  isProcessGroupAlive,
  listProcessGroup,
  startDemoProcess,
} from './support/demo-process.ts';
import {
  readFigure,
  readPositionValue,
  refreshFarmCard,
  saveWalletThroughGuide,
  shortenAddress,
  trackFarmCard,
} from './support/farm-card.ts';
import { getFreePort } from './support/ports.ts';
import { importThroughWizard } from './support/wizard.ts';

// The README's screenshots come from this journey: a fixed 1280x800 viewport, not the full page (each is taken
// again laid out 375x812: docs/screenshots keeps those as <name>-375.png beside the others).
const viewport = { width: 1280, height: 800 };
const pair = /farm (WMATIC \/ USDC|USDC \/ WMATIC)/;

/** The EIP-6963 announcements the page answers with, read in the page (a string: no bundler helpers). */
const collectAnnouncements = `new Promise((resolve) => {
  const wallets = [];
  window.addEventListener('eip6963:announceProvider', (event) => {
    const { info, provider } = event.detail;
    wallets.push({ name: info.name, rdns: info.rdns, isMetaMask: Boolean(provider.isMetaMask) });
  });
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  setTimeout(() => resolve(wallets), 300);
})`;

const rewardPaid = parseAbiItem('event RewardPaid(address indexed user, uint256 reward)');
const staked = parseAbiItem('event Staked(address indexed user, uint256 amount)');
const withdrawn = parseAbiItem('event Withdrawn(address indexed user, uint256 amount)');
const koinlyHeader =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
/** The rule a farm about to end fires, as the alert settings name it. */
const endingRule = "a farm's rewards end within 72 hours while the wallet has stake";

/** The parts of GET /api/ledger/summary the journey waits on. */
type LedgerSummary = {
  income: { row_ids: string[] }[];
  gas: { row_ids: string[]; unknown_rows: number };
  withdrawals: { row_ids: string[] };
};

/** The token amount of an 'earned' figure such as '0.163648 dQUICK ($7.36)'. */
const earnedAmount = (figure: string) => Number(/^[\d.]+/.exec(figure)?.[0] ?? Number.NaN);

async function isAnswering(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

describe('npm run demo, started as a person starts it', () => {
  let demo: DemoProcess;
  let browser: Browser;

  beforeAll(async () => {
    const startedAt = Date.now();
    demo = await startDemoProcess({ port: await getFreePort() });
    console.log(`demo ready in ${Date.now() - startedAt} ms at ${demo.url}`);
    browser = await launchBrowser({ viewport });
  });

  afterAll(async () => {
    await browser?.close();
    demo?.kill();
  });

  it('prints a URL that serves the app with the demo wallet, a login, the chain and farm URLs', async () => {
    expect(demo.login.email).toMatch(/^\S+@\S+$/);
    expect(demo.login.password.length).toBeGreaterThanOrEqual(8);
    expect(demo.farmUrls.some((farm) => farm.kind === 'lp')).toBe(true);
    expect(demo.farmUrls.some((farm) => farm.kind === 'dual')).toBe(true);
    const html = await (await fetch(demo.url)).text();
    expect(html).toContain('<script defer src="/demo/wallet.js"></script>');
    const chain = createPublicClient({ transport: http(demo.rpcUrl) });
    expect(await chain.getChainId()).toBe(137);
  });

  it('shows the landing screen and logs in with the printed e-mail and password', async () => {
    const { page } = browser;
    await page.goto(demo.url);
    await page.getByRole('heading', { name: 'sign up now for the waitlist' }).waitFor();
    await browser.screenshot('demo-landing', { isFullPage: false });
    await logInThroughUi(page, demo.url, demo.login.email, demo.login.password);
  });

  it("connects the 'Demo wallet' through 'connect to metamask', signs, and saves it to the account", async () => {
    const { page } = browser;
    expect(await page.evaluate(collectAnnouncements)).toEqual([
      { name: 'Demo wallet', rdns: 'app.tidewatch.demo-wallet', isMetaMask: false },
    ]);
    await saveWalletThroughGuide(page, demo.walletAddress);
    const wallets = page.getByRole('list', { name: 'wallets' });
    await wallets.getByRole('link', { name: shortenAddress(demo.walletAddress) }).waitFor();
  });

  it('imports the printed liquidity-mining farm URL through the wizard to completed', async () => {
    const { page } = browser;
    const farm = demo.farmUrls.find((f) => f.key === 'wmaticUsdc');
    if (!farm) throw new Error(`the demo printed no wmaticUsdc farm:\n${demo.output()}`);
    await openTool(browser, 'lp');
    const { text, priceChoices } = await importThroughWizard(page, farm, ['WMATIC', 'USDC', 'dQUICK'], {
      onPriceStep: async () => {
        await browser.screenshot('demo-wizard-price-data', { isFullPage: false });
      },
    });
    expect(priceChoices).toBe(1);
    expect(text).toMatch(/^import (WMATIC-USDC|USDC-WMATIC) completed!$/);
    await browser.screenshot('demo-wizard-completed', { isFullPage: false });
  });

  it('tracks the farm with the demo wallet, and a refresh a block later shows rewards grown', async () => {
    const { page } = browser;
    const short = shortenAddress(demo.walletAddress);
    await page.getByRole('button', { name: 'connect to metamask' }).first().click();
    await page.getByText(`connected address: ${short}`).waitFor();
    await page.getByRole('tab', { name: 'All Quickswap Farms' }).click();
    await trackFarmCard(page.getByRole('article', { name: pair }), demo.walletAddress);

    await page.getByRole('tab', { name: 'Tracked Farms' }).click();
    const card = page.getByRole('article', { name: pair });
    await refreshFarmCard(card);
    expect(await readPositionValue(card)).toMatch(/^\$[1-9][\d,]*\.\d\d$/);
    const before = earnedAmount(await readFigure(card, 'earned'));
    expect(before).toBeGreaterThan(0);

    // The demo mines a block every 5 s: wait for the next one, as a person waits before refreshing.
    const chain = createPublicClient({ transport: http(demo.rpcUrl), cacheTime: 0 });
    const seen = await chain.getBlockNumber();
    await expect.poll(() => chain.getBlockNumber(), { timeout: 15_000, interval: 500 }).toBeGreaterThan(seen);
    await refreshFarmCard(card);
    expect(earnedAmount(await readFigure(card, 'earned'))).toBeGreaterThan(before);
    // The whole screen: the wizard, the tabs and the card below them.
    await browser.screenshot('demo-lp-tool');
  });

  it('charts the position on the farm detail and lists the farm in the LP tools', async () => {
    const { page } = browser;
    await page.getByRole('article', { name: pair }).getByRole('link', { name: 'View Farm' }).click();
    await page.getByRole('img', { name: 'position value over time' }).waitFor();
    const history = page.getByRole('region', { name: 'position snapshots' });
    expect(await history.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await browser.screenshot('demo-farm-detail', { isFullPage: false });

    await followNavLink(browser, 'LP tools');
    const tree = page.getByRole('navigation', { name: 'LP tools' });
    await tree.getByRole('link', { name: /WMATIC \/ USDC|USDC \/ WMATIC/ }).click();
    await page.getByRole('img', { name: 'position value over time' }).waitFor();
    await browser.screenshot('demo-lp-tools', { isFullPage: false });
  });

  it('lists the saved wallet and the tracked farm with its position on the dashboard', async () => {
    const { page } = browser;
    await followNavLink(browser, 'dashboard');
    const wallets = page.getByRole('list', { name: 'wallets' });
    await wallets.getByRole('link', { name: shortenAddress(demo.walletAddress) }).waitFor();
    const tracked = page.getByRole('list', { name: 'LP Mining farms' });
    await tracked.getByRole('link', { name: /^(WMATIC \/ USDC|USDC \/ WMATIC)$/ }).waitFor();
    expect(await tracked.textContent()).toMatch(/\$[1-9][\d,]*\.\d\d/);
    await browser.screenshot('demo-dashboard', { isFullPage: false });
  });

  it('shows what the demo wallet left in an ended farm, and the steps of its recovery plan', async () => {
    const { page } = browser;
    // The demo world has one farm that ends while it is deployed, with the demo wallet's stake in it.
    await page.getByRole('button', { name: 'check ended farms' }).click();
    const left = page.getByRole('list', { name: 'left in ended farms' });
    const short = shortenAddress(demo.walletAddress);
    await left.getByRole('link', { name: `get it out of ${short}` }).click();
    await page.getByRole('heading', { name: 'get it out', level: 1 }).waitFor();
    const steps = page.getByRole('list', { name: 'steps' });
    // Named in words; the function ('exit()') is behind the step's 'details'.
    await steps
      .getByRole('listitem')
      .first()
      .getByText(/Withdraw your stake and claim rewards from the /)
      .waitFor();
    expect(await steps.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await browser.screenshot('demo-recovery-plan', { isFullPage: false });
  });

  it("shows the demo wallet's QuickSwap V3 positions in the V3 positions tool", async () => {
    const { page } = browser;
    await followNavLink(browser, 'V3 positions tool');
    await page.getByRole('heading', { name: 'V3 positions tool', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'All positions' }).click();
    const list = page.getByRole('region', { name: 'position list' });
    // The demo world mints four positions for the demo wallet: below, inside and above range, and one farmed.
    await list
      .getByRole('article', { name: /^position #\d+ / })
      .first()
      .waitFor();
    expect(await list.getByRole('article', { name: /^position #\d+ / }).count()).toBe(4);
    await browser.screenshot('demo-v3-positions', { isFullPage: false });
  });

  it("shows the demo wallet on Base in 'Every chain': its V4, V2 and syrup holdings there, named Base", async () => {
    const { page } = browser;
    await followNavLink(browser, 'Every chain');
    await page.getByRole('heading', { name: 'Every chain', level: 1 }).waitFor();
    await page.getByRole('listitem', { name: 'chain Base' }).getByText('on', { exact: true }).waitFor();
    const wallet = page.getByRole('region', { name: /^Base · wallet / });
    const v4 = wallet.getByRole('table', { name: 'Base · V4 positions (Algebra Integral)' });
    await v4.waitFor();
    // The Base world's two positions: WETH/USDC in the factory's pool, QUICK/WETH in a custom pool.
    expect(await v4.getByRole('row', { name: /^#\d+ / }).count()).toBe(2);
    await v4.getByRole('row', { name: /custom pool of / }).waitFor();
    await wallet
      .getByRole('table', { name: 'Base · V2 liquidity' })
      .getByRole('row', { name: /WETH\/USDC|USDC\/WETH/ })
      .waitFor();
    const syrups = wallet.getByRole('table', { name: 'Base · Syrup pools' });
    expect(await syrups.getByRole('row', { name: /syrup/ }).count()).toBe(2);
    await syrups.getByRole('cell', { name: 'ended' }).waitFor();
    await browser.screenshot('demo-every-chain', { isFullPage: false });
  });

  it("keeps the demo wallet's books: its claims as income, its gas, a year summary and Koinly's CSV", async () => {
    const { page } = browser;
    // What the chain says the demo wallet did in the tracked WMATIC-USDC farm (its address ends the farm URL).
    const farm = demo.farmUrls.find((f) => f.key === 'wmaticUsdc');
    const farmAddress = farm?.url.split('/').at(-1) as Address;
    const chain = createPublicClient({ transport: http(demo.rpcUrl) });
    const ofWallet = { address: farmAddress, args: { user: demo.walletAddress as Address }, fromBlock: 0n };
    const [claims, stakes, withdrawals] = await Promise.all([
      chain.getLogs({ ...ofWallet, event: rewardPaid }),
      chain.getLogs({ ...ofWallet, event: staked }),
      chain.getLogs({ ...ofWallet, event: withdrawn }),
    ]);
    // The demo script claims twice and takes a quarter of the stake out (scripts/demo.ts).
    expect(claims.length).toBe(2);
    expect(withdrawals.length).toBe(1);
    const lastClaim = await chain.getBlock({ blockNumber: claims.at(-1)!.blockNumber });
    const year = new Date(Number(lastClaim.timestamp) * 1000).getUTCFullYear();
    const inYear = async <T extends { blockNumber: bigint }>(logs: T[]) => {
      const kept: T[] = [];
      for (const log of logs) {
        const block = await chain.getBlock({ blockNumber: log.blockNumber });
        if (new Date(Number(block.timestamp) * 1000).getUTCFullYear() === year) kept.push(log);
      }
      return kept;
    };
    const claimsInYear = await inYear(claims);
    const txsInYear = [
      ...new Set(
        (await inYear([...stakes, ...claims, ...withdrawals])).map((log) => log.transactionHash as Hash),
      ),
    ];
    const income = claimsInYear.reduce((sum, log) => sum + (log.args.reward ?? 0n), 0n);
    let gasWei = 0n;
    for (const hash of txsInYear) {
      const receipt = await chain.getTransactionReceipt({ hash });
      gasWei += receipt.gasUsed * receipt.effectiveGasPrice;
    }

    // The history job reads the farm's events and each transaction's receipt on its ticks (every 12 s in the
    // demo): wait for every claim and every transaction's gas, as a person waits before opening the books.
    const fetchSummary = () =>
      page.evaluate(
        async ({ wallet, year }) => {
          const storage = (
            globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
          ).sessionStorage;
          const query = new URLSearchParams({ wallet, year: String(year), tz: 'UTC' });
          const response = await fetch(`/api/ledger/summary?${query}`, {
            headers: { authorization: `Bearer ${storage.getItem('jwtToken')}` },
          });
          return (await response.json()) as unknown;
        },
        { wallet: demo.walletAddress, year },
      ) as Promise<LedgerSummary>;
    await expect
      .poll(
        async () => {
          const summary = await fetchSummary();
          return {
            claims: summary.income.reduce((sum, token) => sum + token.row_ids.length, 0),
            gasRows: summary.gas.row_ids.length,
            gasUnknown: summary.gas.unknown_rows,
          };
        },
        { timeout: 180_000, interval: 2_000 },
      )
      .toEqual({ claims: claimsInYear.length, gasRows: txsInYear.length, gasUnknown: 0 });

    await openWalletsScreen(browser);
    await page.getByRole('list', { name: 'wallets' }).getByRole('link', { name: 'books' }).click();
    await page.getByRole('heading', { name: 'books', level: 1 }).waitFor();
    const yearSelect = page.getByRole('combobox', { name: 'year' });
    if ((await yearSelect.inputValue()) !== String(year)) await yearSelect.selectOption(String(year));
    const panel = page.getByRole('region', { name: 'year summary' });
    // The year's income and gas as the chain's logs and receipts add up: rounded for reading, the exact amount
    // beside it as its title (issue 42), the old lair's dQUICK named as every screen names it.
    const shows = async (exact: string) =>
      ((await panel.textContent()) ?? '').includes(exact) ||
      (await panel.locator(`[title*="${exact}"]`).count()) > 0;
    await expect.poll(() => shows(formatUnits(income, 18))).toBe(true);
    expect(await shows(formatUnits(gasWei, 18))).toBe(true);
    expect(await panel.textContent()).toContain('dQUICK (old)');
    expect(await panel.textContent()).toContain('POL');
    await browser.screenshot('demo-books', { isFullPage: false });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Koinly CSV' }).click();
    const download = await downloading;
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = csv.split(/\r?\n/).filter((line) => line !== '');
    expect(header).toBe(koinlyHeader);
    for (const log of [...claimsInYear, ...(await inYear(withdrawals))]) {
      expect(lines.some((line) => line.endsWith(log.transactionHash!))).toBe(true);
    }
  });

  it("links a Telegram chat and a signed webhook in the demo's stand-ins, and both get a test alert", async () => {
    const { page } = browser;
    const output = () => demo.output();
    await followNavLink(browser, 'alerts');
    await page.getByText('no channels yet').waitFor();

    // Telegram: the demo's terminal plays the Telegram app; the deep link pasted there presses Start.
    await page.getByRole('radio', { name: 'Telegram' }).check();
    await page.getByRole('button', { name: 'link a Telegram chat' }).click();
    const deepLink = await page.getByRole('link', { name: 'open Telegram to link' }).getAttribute('href');
    expect(deepLink).toMatch(/^https:\/\/t\.me\/tidewatch_demo_bot\?start=[\w-]+$/);
    demo.paste(deepLink!);
    const linked = page.getByRole('status').filter({ has: page.getByText('linked', { exact: true }) });
    await linked.waitFor({ timeout: 30_000 });
    await expect.poll(output, { timeout: 30_000 }).toContain('demo telegram: the bot wrote to @demo_user');
    await linked.getByRole('button', { name: 'close' }).click();

    // The webhook: the receiver the demo printed, its signing secret pasted into the terminal.
    await page.getByRole('radio', { name: 'webhook' }).check();
    await page.getByRole('textbox', { name: 'webhook URL (https)' }).fill(demo.webhookUrl);
    await page.getByRole('button', { name: 'add webhook' }).click();
    const notice = page.getByRole('region', { name: 'webhook signing secret' });
    demo.paste(await notice.getByRole('textbox', { name: 'signing secret' }).inputValue());
    await expect.poll(output).toContain('demo webhook: the receiver now verifies signatures');
    await notice.getByRole('button', { name: 'I saved the secret' }).click();

    // The farm-ending rule goes to both new channels.
    const rules = page.getByRole('form', { name: 'alert settings' });
    for (const channel of ['Telegram', 'webhook']) {
      await rules
        .getByRole('checkbox', { name: new RegExp(`^${endingRule}: ${channel} .+ \\(every wallet\\)$`) })
        .check();
    }
    await rules.getByRole('button', { name: 'save alert settings' }).click();
    await page.getByText('alert settings saved').waitFor();

    // A test alert to each: the demo prints what the bot sent and what the receiver verified.
    for (const name of [/^Telegram /, /^webhook /]) {
      const item = page.getByRole('listitem', { name });
      await item.getByRole('button', { name: 'send a test alert' }).click();
      await item.getByText('test alert queued').waitFor();
    }
    await expect
      .poll(
        () => output().match(/demo telegram: the bot wrote to @demo_user:\n\s+Tidewatch test alert/g)?.length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    await expect
      .poll(output, { timeout: 30_000 })
      .toMatch(/demo webhook: a delivery arrived, signature verified \(rule 'test', event t\d+\)/);
    expect(output()).not.toContain('demo webhook: refused');
    // The channels' status lines, read again: each delivered.
    await page.reload();
    for (const name of [/^Telegram /, /^webhook /]) {
      await page
        .getByRole('listitem', { name })
        .getByText(/^last delivery /)
        .waitFor();
    }
    await page.getByRole('heading', { name: 'channels' }).scrollIntoViewIfNeeded();
    await browser.screenshot('demo-alert-channels', { isFullPage: false });
  });

  it('Ctrl-C stops the demo and everything it started', async () => {
    // The page leaves first: its live updates would otherwise fail against the stopped server.
    await browser.page.goto('about:blank');
    const stoppedAt = Date.now();
    expect(await demo.interrupt()).toEqual({ code: 0, signal: null });
    console.log(`demo stopped in ${Date.now() - stoppedAt} ms`);
    expect(await isAnswering(`${demo.url}/api/health`)).toBe(false);
    expect(await isAnswering(demo.rpcUrl)).toBe(false);
    // Anvil and the app server were started by the demo inside its process group: none may be left (a
    // helper such as tsx's esbuild service gets a moment to notice its parent is gone).
    const deadline = Date.now() + 5_000;
    while (isProcessGroupAlive(demo.pid) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(isProcessGroupAlive(demo.pid), listProcessGroup(demo.pid)).toBe(false);
  });
});
