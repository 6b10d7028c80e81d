import { formatTokenAmount } from '@tidewatch/shared/amounts';
import { v3ActionAbis } from '@tidewatch/shared/v3-action-calls';
import {
  deployV3World,
  FULL_RANGE,
  type MerklServer,
  mintV3Position,
  movePriceAcrossRange,
  type SmtpTestServer,
  startMerklServer,
  type TestWalletBridge,
  testAccounts,
  type V3World,
  v3WorldAppEnv,
} from '@tidewatch/testkit';
import type { Locator } from 'playwright-core';
import {
  type Address,
  decodeFunctionResult,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  isAddressEqual,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, followNavLink } from './support/browser.ts';
import { readFigure, saveWalletThroughGuide, shortenAddress } from './support/farm-card.ts';
import { type FarmSession, startLoggedInFarmSession } from './support/farm-session.ts';
import { type FarmWorld, formatUsd } from './support/farm-world.ts';
import {
  type ChainPosition,
  type ChainToken,
  readChainPosition,
  readMerklClaimed,
  readPendingFarmingRewards,
  readPoolDerivedPrice,
  readPoolTick,
  readToken,
  readUsdPrice,
  readWalletPositionIds,
} from './support/v3-chain.ts';

const email = 'v3-positions@example.com';
const password = 'tide-watch-v3-range-horse';
const account = testAccounts.user.address;
const short = shortenAddress(account);
/** Written out as the spec has them, not read from the app: a text taken from the code under test proves nothing. */
const toolHeading = 'V3 positions tool';
const outOfRangeRule = 'a V3 position went out of its price range (it earns no swap fees there)';

/*
 * Issue 34's journey: QuickSwap V3 (Algebra V1.0's own bytecode) on the local chain with the user's positions
 * below, inside and above the price, one farmed in an eternal incentive and one in a pool whose token has no
 * price; Merkl's API stand-in; SMTP. In one tab, by clicks: save the wallet with a signature, find its positions
 * on the V3 tool, every figure checked against the test's own chain reads, track the one in range, see it on the
 * dashboard, turn the out-of-range alert on for that wallet, move the price out of its range and see the open
 * dashboard and the bell follow the next scheduled snapshot without a reload, then get its e-mail.
 */
describe('V3 positions in Chromium: found, tracked, on the dashboard, and an out-of-range alert e-mailed', () => {
  let env: FarmWorld;
  let browser: Browser;
  let smtp: SmtpTestServer;
  let bridge: TestWalletBridge;
  let merkl: MerklServer | undefined;
  let v3World: V3World;
  /** The user's position in MYST-WETH: MYST has no route, only its pool's own price. */
  let mystTokenId: bigint;

  beforeAll(async () => {
    // Automatic snapshots every 5 s: the alert rules run after each.
    ({ env, browser, smtp, bridge } = (await startLoggedInFarmSession({
      email,
      password,
      withSmtp: true,
      prepareChain: async (anvil, world) => {
        v3World = await deployV3World(anvil, world);
        mystTokenId = await mintV3Position(anvil, v3World, {
          pool: 'MYST-WETH',
          owner: account,
          ...FULL_RANGE,
        });
        merkl = await startMerklServer({ rewards: v3World.merkl.rewards });
        return world;
      },
      appEnv: () => ({
        SNAPSHOT_INTERVAL: '5s',
        ...v3WorldAppEnv(v3World, { merklApiUrl: merkl!.url }),
      }),
    })) as Required<FarmSession>);
    await saveWalletThroughGuide(browser.page, account);
  });

  afterAll(async () => {
    await browser?.close();
    await env?.stop();
    await smtp?.stop();
    await merkl?.stop();
  });

  const anvil = () => env.anvil;
  /** The app's name of a position: 'position #12 WMATIC / USDC'. */
  const cardName = (p: { tokenId: bigint; token0: ChainToken; token1: ChainToken }) =>
    `position #${p.tokenId} ${p.token0.symbol} / ${p.token1.symbol}`;
  /** Whole tokens as the app writes an amount ('1,234.5678'), from the raw amount the test read. */
  const amountText = (raw: bigint, token: ChainToken) =>
    `${formatTokenAmount(formatUnits(raw, token.decimals))} ${token.symbol}`;
  const whole = (raw: bigint, token: ChainToken) => Number(formatUnits(raw, token.decimals));
  const walletSection = () => browser.page.getByRole('region', { name: `wallet ${short}` });

  /** The positions the chain says the wallet has (held and farmed), each read now. */
  async function readExpectedPositions(): Promise<ChainPosition[]> {
    const { owned, farmed } = await readWalletPositionIds(anvil(), v3World, account);
    return Promise.all([...owned, ...farmed].map((id) => readChainPosition(anvil(), v3World, id)));
  }

  /** Amounts, their value and the uncollected fees of a priced position, as the test computes them. */
  async function expectedFigures(position: ChainPosition) {
    const [p0, p1] = await Promise.all([
      readUsdPrice(anvil(), env.world, position.token0.address),
      readUsdPrice(anvil(), env.world, position.token1.address),
    ]);
    if (p0 === null || p1 === null) throw new Error(`${cardName(position)}: the test prices both its tokens`);
    const usd0 = whole(position.amounts[0], position.token0) * p0;
    const usd1 = whole(position.amounts[1], position.token1) * p1;
    const fees =
      whole(position.fees[0], position.token0) * p0 + whole(position.fees[1], position.token1) * p1;
    return {
      amountLines: [
        `${amountText(position.amounts[0], position.token0)} (${formatUsd(usd0)})`,
        `${amountText(position.amounts[1], position.token1)} (${formatUsd(usd1)})`,
      ],
      value: formatUsd(usd0 + usd1),
      fees: `${amountText(position.fees[0], position.token0)} + ${amountText(position.fees[1], position.token1)} (${formatUsd(fees)})`,
    };
  }

  /** The card's range badge, exactly one of 'in range' / 'out of range'. */
  async function rangeBadgeOf(card: Locator): Promise<string> {
    const inRange = await card.getByText('in range', { exact: true }).count();
    const outOfRange = await card.getByText('out of range', { exact: true }).count();
    expect(inRange + outOfRange).toBe(1);
    return inRange === 1 ? 'in range' : 'out of range';
  }

  it("the V3 tool's 'All positions' lists the wallet's positions with the chain's figures and its Merkl rewards", async () => {
    const { page } = browser;
    const expected = await readExpectedPositions();
    // What the world gave the user: four held (below, inside, above the price, and the MYST-WETH pool) and one farmed.
    expect(expected).toHaveLength(5);
    expect(expected.filter((p) => p.isFarmed)).toHaveLength(1);
    expect(new Set(expected.map((p) => p.isInRange))).toEqual(new Set([true, false]));

    await followNavLink(browser, toolHeading);
    await page.getByRole('heading', { name: toolHeading, level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'All positions' }).click();
    const section = walletSection();
    await section.getByRole('article').first().waitFor({ timeout: 30_000 });
    expect(await section.getByRole('article').count()).toBe(expected.length);

    for (const position of expected) {
      const card = section.getByRole('article', { name: cardName(position), exact: true });
      await card.waitFor();
      expect(await rangeBadgeOf(card), cardName(position)).toBe(
        position.isInRange ? 'in range' : 'out of range',
      );
      expect(await card.getByText('farmed', { exact: true }).count(), cardName(position)).toBe(
        position.isFarmed ? 1 : 0,
      );
    }

    // The in-range position: each amount what a static decreaseLiquidity of all its liquidity pays, the fees what
    // a static collect after it pays, each valued at the test's own price reads.
    const inRange = expected.find((p) => p.tokenId === v3World.positions.inRange.tokenId)!;
    expect(inRange.isInRange).toBe(true);
    const inRangeCard = section.getByRole('article', { name: cardName(inRange), exact: true });
    const figures = await expectedFigures(inRange);
    expect(await readFigure(inRangeCard, 'amounts')).toBe(figures.amountLines.join(''));
    expect(await readFigure(inRangeCard, 'value')).toBe(figures.value);
    expect(await readFigure(inRangeCard, 'uncollected fees')).toBe(figures.fees);

    // The farmed position (the FarmingCenter holds its NFT): the same payout reads from the NFT's owner, and its
    // pending rewards what a static collectRewards through the FarmingCenter from the wallet pays.
    const farmed = expected.find((p) => p.isFarmed)!;
    expect(farmed.tokenId).toBe(v3World.positions.farmed.tokenId);
    const farmedCard = section.getByRole('article', { name: cardName(farmed), exact: true });
    const farmedFigures = await expectedFigures(farmed);
    expect(await readFigure(farmedCard, 'amounts')).toBe(farmedFigures.amountLines.join(''));
    expect(await readFigure(farmedCard, 'value')).toBe(farmedFigures.value);
    expect(await readFigure(farmedCard, 'uncollected fees')).toBe(farmedFigures.fees);
    const pending = await readPendingFarmingRewards(anvil(), v3World, account, farmed.tokenId);
    const rewardTokens = await Promise.all(
      [v3World.incentive.key.rewardToken, v3World.incentive.key.bonusRewardToken].map((a) =>
        readToken(anvil(), a),
      ),
    );
    const farmingText = await readFigure(farmedCard, 'farming rewards');
    for (const [k, token] of rewardTokens.entries()) {
      const price = await readUsdPrice(anvil(), env.world, token.address);
      expect(pending[k]).toBeGreaterThan(0n);
      expect(farmingText).toContain(
        `${amountText(pending[k]!, token)} (${formatUsd(whole(pending[k]!, token) * price!)}) pending`,
      );
    }

    // The position in MYST-WETH: MYST has no route, so the price rule's last step prices it from its pool's own
    // price against WETH, as the V2 cards price a side of their pair (issue 42, finding 8).
    const myst = expected.find((p) => p.tokenId === mystTokenId)!;
    const mystCard = section.getByRole('article', { name: cardName(myst), exact: true });
    const mystSide = myst.token0.symbol === 'MYST' ? 0 : 1;
    const [mystToken, wethToken] = mystSide === 0 ? [myst.token0, myst.token1] : [myst.token1, myst.token0];
    expect(await readUsdPrice(anvil(), env.world, mystToken.address)).toBeNull();
    const wethUsd = (await readUsdPrice(anvil(), env.world, wethToken.address))!;
    const mystUsd = await readPoolDerivedPrice(
      anvil(),
      { address: myst.pool, token0: myst.token0, token1: myst.token1 },
      mystToken.address,
      wethUsd,
    );
    const mystAmount = myst.amounts[mystSide];
    const wethAmount = myst.amounts[mystSide === 0 ? 1 : 0];
    const mystAmounts = await readFigure(mystCard, 'amounts');
    expect(mystAmounts).toContain(
      `${amountText(mystAmount, mystToken)} (${formatUsd(whole(mystAmount, mystToken) * mystUsd)})`,
    );
    expect(await readFigure(mystCard, 'value')).toBe(
      formatUsd(whole(mystAmount, mystToken) * mystUsd + whole(wethAmount, wethToken) * wethUsd),
    );

    // Merkl: what the API's cumulative amounts leave once the distributor's claimed amounts are taken off.
    const owed = await Promise.all(
      v3World.merkl.rewards
        .filter((reward) => reward.recipient === account)
        .map(async (reward) => {
          const claimed = await readMerklClaimed(anvil(), v3World, account, reward.token.address);
          const token = await readToken(anvil(), reward.token.address);
          const price = await readUsdPrice(anvil(), env.world, token.address);
          return { token, raw: reward.amount - claimed, usd: whole(reward.amount - claimed, token) * price! };
        }),
    );
    expect(owed.length).toBeGreaterThan(0);
    const merklLine = (await section.getByText(/^Merkl rewards: /).textContent()) ?? '';
    for (const part of owed) expect(merklLine).toContain(amountText(part.raw, part.token));
    expect(merklLine).toMatch(
      new RegExp(`\\(${escapeRegExp(formatUsd(owed.reduce((sum, part) => sum + part.usd, 0)))}\\)$`),
    );
    await browser.screenshot('v3-all-positions');
  });

  it("tracks the position in range; the 'Tracked positions' tab and the dashboard's 'V3 positions' show it", async () => {
    const { page } = browser;
    const inRange = await readChainPosition(anvil(), v3World, v3World.positions.inRange.tokenId);
    const card = walletSection().getByRole('article', { name: cardName(inRange), exact: true });
    await card.getByRole('button', { name: 'track' }).click();
    await card.getByText('tracked', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Tracked positions' }).click();
    const trackedCard = page.getByRole('article', { name: cardName(inRange), exact: true });
    await trackedCard.getByText(`tracked with ${short}`).waitFor();
    expect(await rangeBadgeOf(trackedCard)).toBe('in range');
    const figures = await expectedFigures(inRange);
    expect(await readFigure(trackedCard, 'value')).toBe(figures.value);
    expect(await page.getByRole('article').count()).toBe(1);

    await followNavLink(browser, 'dashboard');
    const list = page.getByRole('list', { name: 'V3 positions' });
    const row = list.getByRole('listitem').filter({
      has: page.getByRole('link', {
        name: `#${inRange.tokenId} ${inRange.token0.symbol} / ${inRange.token1.symbol}`,
      }),
    });
    await row.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    await row.getByText(`tracked with ${short}`).waitFor();
    await row.getByText('in range', { exact: true }).waitFor();
    await row.getByText(figures.value, { exact: true }).waitFor();
    await browser.screenshot('v3-dashboard');
  });

  it('the open dashboard and the bell follow the price leaving the range without a reload; the alert, on for the wallet, is e-mailed', async () => {
    const { page } = browser;
    const tracked = v3World.positions.inRange;

    // The rule off for every wallet, on for this one: the alert comes from the wallet's own setting.
    await followNavLink(browser, 'alerts');
    const form = page.getByRole('form', { name: 'alert settings' });
    const everyWallet = form.getByRole('checkbox', { name: `${outOfRangeRule}: on (every wallet)` });
    await everyWallet.waitFor();
    await everyWallet.uncheck();
    await form.getByRole('combobox', { name: 'rule' }).selectOption({ label: outOfRangeRule });
    await form.getByRole('combobox', { name: 'wallet' }).selectOption({ label: short });
    await form.getByRole('button', { name: 'add' }).click();
    const walletOn = form.getByRole('checkbox', { name: `${outOfRangeRule}: on (${short})` });
    const walletEmail = form.getByRole('checkbox', { name: `${outOfRangeRule}: e-mail (${short})` });
    expect(await walletOn.isChecked()).toBe(true);
    expect(await walletEmail.isChecked()).toBe(true);
    await form.getByRole('button', { name: 'save alert settings' }).click();
    await page.getByText('alert settings saved').waitFor();
    expect(await everyWallet.isChecked()).toBe(false);
    await browser.screenshot('v3-alert-settings');

    // The dashboard stays open while the price moves: the scheduled snapshot's realtime event updates it.
    await followNavLink(browser, 'dashboard');
    const dashboardRow = page.getByRole('list', { name: 'V3 positions' }).getByRole('listitem');
    await dashboardRow.getByText('in range', { exact: true }).waitFor();
    // A mark on this document: it is gone if the page was loaded again.
    await page.evaluate(() => {
      (globalThis as { openSinceTheMove?: boolean }).openSinceTheMove = true;
    });

    // The price goes under the range: the position holds only token0 and earns no fees.
    await movePriceAcrossRange(anvil(), v3World, tracked, 'below');
    const moved = await readChainPosition(anvil(), v3World, tracked.tokenId);
    expect(moved.poolTick).toBeLessThan(moved.tickLower);
    expect(moved.isInRange).toBe(false);
    expect(moved.amounts[1]).toBe(0n);
    expect(await readPoolTick(anvil(), moved.pool)).toBe(moved.poolTick);
    const movedAtBlock = await anvil().client.getBlockNumber();

    // Without a reload, the open dashboard shows the position out of range and the bell counts the alert.
    await dashboardRow.getByText('out of range', { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'notifications: 1 unread' }).waitFor();
    expect(await page.evaluate(() => (globalThis as { openSinceTheMove?: boolean }).openSinceTheMove)).toBe(
      true,
    );
    await browser.screenshot('v3-dashboard-out-of-range');

    const name = `${moved.token0.symbol} / ${moved.token1.symbol} #${tracked.tokenId} on Polygon`;
    const mail = await smtp.waitForMessage(
      (m) => m.to.includes(email) && m.subject.includes(`${name}: out of range`),
      60_000,
    );
    expect(mail.subject).toBe(`Tidewatch: ${name}: out of range`);
    expect(mail.text).toContain(`${short}'s V3 position ${name} is out of range (block ${movedAtBlock})`);
    expect(mail.text).toContain(`below its range: it holds only ${moved.token0.symbol}`);
    expect(mail.text).toContain(`/lp-tools/view/quickswap/v3-positions/${tracked.tokenId}`);
    expect(mail.html).toContain('open the position in Tidewatch');

    // The person follows the e-mail's link: the position's page says it is out of range, holding what the chain
    // would pay for it, and its newest snapshot is the scheduled one that saw it leave the range.
    const link = mail.text.match(/^position: (http\S+?)\r?$/m)?.[1];
    expect(link).toBe(`${env.app.url}/lp-tools/view/quickswap/v3-positions/${tracked.tokenId}`);
    await page.goto(link!);
    await page
      .getByRole('heading', { name: `${moved.token0.symbol} / ${moved.token1.symbol}`, level: 1 })
      .waitFor();
    const main = page.getByRole('main');
    const heldBy = main.getByText(`held by ${short} · as of block ${movedAtBlock}`);
    await heldBy.waitFor();
    expect(await rangeBadgeOf(heldBy.locator('xpath=..'))).toBe('out of range');
    const positionCard = main
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'position', level: 2, exact: true }) });
    expect(await readFigure(positionCard, 'amounts')).toContain(amountText(moved.amounts[0], moved.token0));
    await main.getByText(`tracked with ${short}`).waitFor();
    const newestSnapshot = main.getByRole('region', { name: 'snapshots' }).getByRole('listitem').first();
    await newestSnapshot.waitFor();
    expect(await rangeBadgeOf(newestSnapshot)).toBe('out of range');
    expect(await newestSnapshot.textContent()).toContain(`block ${movedAtBlock}`);
    await browser.screenshot('v3-position-out-of-range');

    // The bell has the alert, once; the dashboard's section shows the position out of range.
    const bell = page.getByRole('link', { name: /^notifications: \d+ unread$/ });
    await bell.waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('notifications: 1 unread');
    await followNavLink(browser, 'dashboard');
    const row = page.getByRole('list', { name: 'V3 positions' }).getByRole('listitem');
    await row.getByText('out of range', { exact: true }).waitFor();
    await bell.click();
    const notifications = page.getByRole('list', { name: 'notifications' });
    await notifications.getByText(`${name}: out of range`).first().waitFor();
    expect(await notifications.getByText(`${name}: out of range`).count()).toBe(1);
    await browser.screenshot('v3-notifications');
  });

  /** The wallet's balance of each token, read now. */
  const balancesOf = (tokens: readonly Address[]) =>
    Promise.all(
      tokens.map((token) =>
        anvil().client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account],
        }),
      ),
    );

  /**
   * The test's own prediction of the send the wallet just made to `to`: its calldata called from the wallet at the
   * block before it, with its block's timestamp (farming rewards accrue by the second). Returns the return data.
   */
  async function predictionOfLastSend(to: Address): Promise<{ data: Hex; hash: Hex }> {
    const latest = await anvil().client.getBlockNumber();
    for (let number = latest; number > latest - 20n; number--) {
      const block = await anvil().client.getBlock({ blockNumber: number, includeTransactions: true });
      const tx = block.transactions.find(
        (t) => isAddressEqual(t.from, account) && t.to !== null && isAddressEqual(t.to, to),
      );
      if (!tx) continue;
      const { data } = await anvil().client.call({
        account,
        to,
        data: tx.input,
        blockNumber: number - 1n,
        blockOverrides: { time: block.timestamp, number },
      });
      return { data: data!, hash: tx.hash };
    }
    throw new Error(`no send of ${account} to ${to} in the last 20 blocks`);
  }

  const decodeMulticall = (abi: readonly unknown[], data: Hex, names: readonly string[]) => {
    const results = decodeFunctionResult({ abi, functionName: 'multicall', data } as never) as readonly Hex[];
    return names.map((functionName, i) =>
      functionName === '-' ? null : decodeFunctionResult({ abi, functionName, data: results[i]! } as never),
    );
  };

  it('acts on the positions from their cards: closes the one out of range, claims farming rewards after a rejected prompt, claims Merkl rewards', async () => {
    const { page } = browser;
    // The wallet runs several calls in one prompt (EIP-5792), as a wallet with atomic batching does.
    bridge.setAtomicBatchSupport(true);
    await followNavLink(browser, toolHeading);
    await page.getByRole('tab', { name: 'All positions' }).click();
    const section = walletSection();

    // The position out of range: its card says what collecting and closing would pay now, and closes it.
    const outOfRange = await readChainPosition(anvil(), v3World, v3World.positions.inRange.tokenId);
    expect(outOfRange.isInRange).toBe(false);
    const card = section.getByRole('article', { name: cardName(outOfRange), exact: true });
    const offer = card.getByRole('note');
    await offer.getByText(/^close position would pay /).waitFor({ timeout: 30_000 });
    // Closing pays the liquidity's amounts and the uncollected fees: the test's own static reads.
    expect(await offer.textContent()).toContain(
      amountText(outOfRange.amounts[0] + outOfRange.fees[0], outOfRange.token0),
    );
    await browser.screenshot('v3-out-of-range-offer');
    await card.getByRole('button', { name: 'close position' }).click();
    await card.getByRole('textbox', { name: /slippage/ }).waitFor();
    expect(await card.getByRole('textbox', { name: /slippage/ }).inputValue()).toBe('0.5');
    await card.getByRole('button', { name: 'review' }).click();
    const tokens = [outOfRange.token0.address, outOfRange.token1.address];
    const before = await balancesOf(tokens);
    await card.getByRole('button', { name: 'confirm in wallet' }).click();
    // Confirmed and recorded, the list is read again: the burned position leaves it.
    await card.waitFor({ state: 'detached', timeout: 30_000 });
    const close = await predictionOfLastSend(v3World.positionManager);
    const [, collected] = decodeMulticall(v3ActionAbis.positionManager, close.data, [
      '-',
      'collect',
      '-',
    ]) as [null, readonly [bigint, bigint]];
    expect(await balancesOf(tokens)).toEqual([before[0]! + collected[0], before[1]! + collected[1]]);
    await expect(
      anvil().client.readContract({
        address: v3World.positionManager,
        abi: v3ActionAbis.positionManager,
        functionName: 'ownerOf',
        args: [outOfRange.tokenId],
      }),
    ).rejects.toThrow();

    // The farmed position: claim its rewards; the first prompt is rejected in the wallet, nothing is sent.
    const farmed = await readChainPosition(anvil(), v3World, v3World.positions.farmed.tokenId);
    const farmedCard = section.getByRole('article', { name: cardName(farmed), exact: true });
    await farmedCard.getByRole('button', { name: 'claim rewards' }).click();
    const nonce = await anvil().client.getTransactionCount({ address: account });
    bridge.failNext('eth_sendTransaction', 4001);
    await farmedCard.getByRole('button', { name: 'confirm in wallet' }).click();
    await farmedCard.getByText('looks like you rejected a prompt in your metamask extension').waitFor();
    expect(await anvil().client.getTransactionCount({ address: account })).toBe(nonce);
    await farmedCard.getByRole('button', { name: 'try again' }).click();
    const rewardTokens = [v3World.incentive.key.rewardToken, v3World.incentive.key.bonusRewardToken];
    const rewardsBefore = await balancesOf(rewardTokens);
    await farmedCard.getByRole('button', { name: 'confirm in wallet' }).click();
    await farmedCard.getByText(/^confirmed in block \d+/).waitFor({ timeout: 30_000 });
    const claim = await predictionOfLastSend(v3World.farmingCenter);
    const [, reward, bonus] = decodeMulticall(v3ActionAbis.farmingCenter, claim.data, [
      '-',
      'claimReward',
      'claimReward',
    ]) as [null, bigint, bigint];
    expect(reward).toBeGreaterThan(0n);
    expect(await balancesOf(rewardTokens)).toEqual([rewardsBefore[0]! + reward, rewardsBefore[1]! + bonus]);

    // Merkl: what one claim pays now and what is left, then all of it in one transaction.
    const owed = await Promise.all(
      v3World.merkl.rewards
        .filter((r) => r.recipient === account)
        .map(async (r) => ({
          token: getAddress(r.token.address),
          raw: r.amount - (await readMerklClaimed(anvil(), v3World, account, r.token.address)),
        })),
    );
    await section.getByRole('button', { name: 'claim Merkl rewards' }).click();
    await section.getByText(/^claimed now: /).waitFor();
    await browser.screenshot('v3-merkl-claim');
    const merklBefore = await balancesOf(owed.map((o) => o.token));
    // The claim's own runner: the section still shows the earlier actions' confirmations.
    const merklRun = section.getByRole('region', { name: /^transaction claim\(.* on Merkl distributor$/ });
    await merklRun.getByRole('button', { name: 'confirm in wallet' }).click();
    await merklRun.getByText(/^confirmed in block \d+/).waitFor({ timeout: 30_000 });
    expect(await balancesOf(owed.map((o) => o.token))).toEqual(merklBefore.map((b, i) => b + owed[i]!.raw));

    // The farmed position closed in one wallet prompt: leave farming, then close, simulated together and sent as
    // one atomic batch; the wallet's balances move by what the test's own simulation of both at the block before
    // pays, the NFT is burned.
    await farmedCard.getByRole('button', { name: 'close', exact: true }).click();
    await farmedCard.getByRole('button', { name: 'close position' }).click();
    await farmedCard.getByRole('button', { name: 'leave farming and close in one prompt' }).click();
    const batch = farmedCard.getByRole('region', { name: 'transactions in one wallet prompt' });
    await batch
      .getByRole('listitem', { name: /^step 1: multicall\(exitFarming/ })
      .waitFor({ timeout: 30_000 });
    await batch.getByRole('listitem', { name: /^step 2: multicall\(decreaseLiquidity/ }).waitFor();
    await browser.screenshot('v3-batch-review');
    const batchTokens = [
      ...new Set([farmed.token0.address, farmed.token1.address, ...rewardTokens]),
    ] as Address[];
    const batchBefore = await balancesOf(batchTokens);
    await batch.getByRole('button', { name: 'confirm all in wallet' }).click();
    // Confirmed and recorded, the list is read again: the burned position leaves it (a failed batch says so).
    await Promise.race([
      farmedCard.waitFor({ state: 'detached', timeout: 30_000 }),
      batch
        .getByText('the batch failed')
        .waitFor({ timeout: 30_000 })
        .then(() => {
          throw new Error('the batch failed');
        }),
    ]);
    const block = await anvil().client.getBlock({ includeTransactions: true });
    const sent = block.transactions.filter((t) => isAddressEqual(t.from, account));
    expect(sent.map((t) => getAddress(t.to!))).toEqual([v3World.farmingCenter, v3World.positionManager]);
    const request = anvil().client.request as (args: {
      method: string;
      params: unknown[];
    }) => Promise<unknown>;
    const [simulated] = (await request({
      method: 'eth_simulateV1',
      params: [
        {
          blockStateCalls: [
            {
              blockOverrides: { time: `0x${block.timestamp.toString(16)}` },
              calls: sent.map((t) => ({ from: account, to: t.to, data: t.input })),
            },
          ],
        },
        `0x${(block.number - 1n).toString(16)}`,
      ],
    })) as { calls: { returnData: Hex }[] }[];
    const [, leftReward, leftBonus] = decodeMulticall(
      v3ActionAbis.farmingCenter,
      simulated!.calls[0]!.returnData,
      ['-', 'claimReward', 'claimReward', '-'],
    ) as [null, bigint, bigint];
    const [, closedOut] = decodeMulticall(v3ActionAbis.positionManager, simulated!.calls[1]!.returnData, [
      '-',
      'collect',
      '-',
    ]) as [null, readonly [bigint, bigint]];
    const paid = new Map<string, bigint>();
    const add = (token: Address, raw: bigint) => paid.set(token, (paid.get(token) ?? 0n) + raw);
    add(farmed.token0.address, closedOut[0]);
    add(farmed.token1.address, closedOut[1]);
    add(rewardTokens[0]!, leftReward);
    add(rewardTokens[1]!, leftBonus);
    expect(await balancesOf(batchTokens)).toEqual(batchBefore.map((b, i) => b + paid.get(batchTokens[i]!)!));
    await expect(
      anvil().client.readContract({
        address: v3World.positionManager,
        abi: v3ActionAbis.positionManager,
        functionName: 'ownerOf',
        args: [farmed.tokenId],
      }),
    ).rejects.toThrow();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
