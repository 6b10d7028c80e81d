import { stakingRewards } from '@tidewatch/contracts';
import { integralAbis } from '@tidewatch/shared/integral-abis';
import { v3ActionAbis } from '@tidewatch/shared/v3-action-calls';
import { startBaseWorld } from '@tidewatch/testkit';
import { formatUnits, maxUint128, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followNavLink } from './support/browser.ts';
import { saveWalletThroughGuide } from './support/farm-card.ts';
import { type FarmSession, startLoggedInFarmSession } from './support/farm-session.ts';

const erc20BalanceAbi = parseAbi(['function balanceOf(address) view returns (uint256)']);
const pairSupplyAbi = parseAbi(['function totalSupply() view returns (uint256)']);

// Issue 47: QuickSwap on Base beside Polygon, in one tab by clicks. A local Base (chain id 8453) with Algebra
// Integral 1.2.1's and Uniswap V2's npm bytecode at Base's own addresses; the browser's wallet is on Polygon and
// has not added Base.
describe('QuickSwap on Base, beside Polygon', () => {
  let base: Awaited<ReturnType<typeof startBaseWorld>>;
  let session: FarmSession;

  beforeAll(async () => {
    base = await startBaseWorld();
    // The short syrup has ended: its stake and rewards are left in it.
    await base.anvil.increaseTime(3_600);
    session = await startLoggedInFarmSession({
      email: 'base@example.com',
      password: 'correct horse battery',
      appEnv: { BASE_RPC_URL: base.anvil.rpcUrl },
      otherNetworks: [{ chainId: 8453, rpcUrl: base.anvil.rpcUrl }],
    });
  });
  /** The wallet's balance of each token on Base, now. */
  const balancesOf = (owner: `0x${string}`, tokens: { address: `0x${string}` }[]) =>
    Promise.all(
      tokens.map(
        (token) =>
          base.anvil.client.readContract({
            address: token.address,
            abi: erc20BalanceAbi,
            functionName: 'balanceOf',
            args: [owner],
          }) as Promise<bigint>,
      ),
    );

  afterAll(async () => {
    await session?.browser.close();
    await session?.env.stop();
    await base?.stop();
  });

  it("shows the wallet's holdings on Base in 'Every chain', each figure as Base's chain reads it", async () => {
    const { page } = session.browser;
    await saveWalletThroughGuide(page, base.world.accounts.user.address);
    await followNavLink(session.browser, 'Every chain');
    await page.getByRole('listitem', { name: 'chain Base' }).getByText('on', { exact: true }).waitFor();
    const wallet = page.getByRole('region', { name: /^Base · wallet / });
    const syrups = wallet.getByRole('table', { name: 'Base · Syrup pools' });
    await syrups.waitFor();
    const owner = base.world.accounts.user.address;
    for (const pool of [base.world.syrups.earnQuick, base.world.syrups.ended]) {
      const staked = (await base.anvil.client.readContract({
        address: pool,
        abi: stakingRewards.abi,
        functionName: 'balanceOf',
        args: [owner],
      })) as bigint;
      const row = syrups.getByRole('row', { name: new RegExp(pool.slice(0, 6)) });
      await expect.poll(() => row.textContent()).toContain(`${formatUnits(staked, 18)} QUICK`);
    }
    const v4 = wallet.getByRole('table', { name: 'Base · V4 positions (Algebra Integral)' });
    expect(await v4.getByRole('row', { name: /^#\d+ / }).count()).toBe(2);
    await session.browser.screenshot('chains-base-holdings', { isFullPage: false });
  });

  it('gets a stake out of the ended syrup on Base: asks to switch the wallet to Base first, then simulates and sends there', async () => {
    const { page } = session.browser;
    const owner = base.world.accounts.user.address;
    const pool = base.world.syrups.ended;
    const read = (functionName: 'balanceOf' | 'earned') =>
      base.anvil.client.readContract({ address: pool, abi: stakingRewards.abi, functionName, args: [owner] });
    const [stakedBefore, earnedBefore] = (await Promise.all([read('balanceOf'), read('earned')])) as bigint[];
    expect(stakedBefore).toBeGreaterThan(0n);

    const wallet = page.getByRole('region', { name: /^Base · wallet / });
    await wallet
      .getByRole('button', { name: new RegExp(`get it out of the QUICK syrup ${pool.slice(0, 6)}`) })
      .click();
    const runner = page.getByRole('region', { name: /^transaction exit\(\) on syrup pool on Base/ });
    // The wallet is on Polygon: nothing is read or sent until it is on Base.
    await runner.getByText('MetaMask is on Polygon: Tidewatch sends this transaction on Base').waitFor();
    await session.browser.screenshot('chains-switch-to-base', { isFullPage: false });
    await runner.getByRole('button', { name: 'switch to Base' }).click();
    // Base was unknown to the wallet (4902): the page added it, the wallet switched, the review followed.
    await runner.getByText('simulated from your account at the latest block: it does not revert').waitFor();
    await expect.poll(() => runner.textContent()).toContain('ETH (USD unknown)');
    await runner.getByRole('button', { name: 'confirm in wallet' }).click();
    await runner.getByText(/^confirmed in block \d+/).waitFor();
    const link = runner.getByRole('link', { name: /^0x[0-9a-f]{64}$/ });
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/basescan\.org\/tx\/0x/);

    // On Base's chain: the stake and its rewards came back to the wallet; the row leaves the list.
    const [stakedAfter, earnedAfter] = (await Promise.all([read('balanceOf'), read('earned')])) as bigint[];
    expect([stakedAfter, earnedAfter]).toEqual([0n, 0n]);
    expect(earnedBefore).toBeGreaterThan(0n);
    const syrups = wallet.getByRole('table', { name: 'Base · Syrup pools' });
    await syrups.getByRole('row', { name: new RegExp(pool.slice(0, 6)) }).waitFor({ state: 'detached' });
    // The tab did not reload on the switch the app asked for: still the same page.
    expect(page.url()).toMatch(/\/quickswap\/chains$/);
  });

  it("collects a V4 position's fees on Base, the wallet already there: what arrives is what a collect paid at the block before", async () => {
    const { page } = session.browser;
    const owner = base.world.accounts.user.address;
    const tokenId = base.world.v4.positions.wethUsdc;
    const { WETH, USDC } = base.world.tokens;
    const balances = () => balancesOf(owner, [WETH, USDC]);
    const before = await balances();
    const wallet = page.getByRole('region', { name: /^Base · wallet / });
    await wallet.getByRole('button', { name: `collect fees of position #${tokenId}` }).click();
    const runner = page.getByRole('region', { name: /^transaction collect\(/ });
    await runner.getByText('simulated from your account at the latest block: it does not revert').waitFor();
    await runner.getByRole('button', { name: 'confirm in wallet' }).click();
    const confirmed = await runner.getByText(/^confirmed in block \d+/).textContent();
    const block = BigInt(/block (\d+)/.exec(confirmed ?? '')![1]!);
    // The test's own collect, replayed by the owner at the block before the send: what the wallet received.
    const { result } = await base.anvil.client.simulateContract({
      account: owner,
      address: base.world.v4.positionManager,
      abi: integralAbis.positionManager,
      functionName: 'collect',
      args: [{ tokenId, recipient: owner, amount0Max: maxUint128, amount1Max: maxUint128 }],
      blockNumber: block - 1n,
    });
    const after = await balances();
    const [token0] = BigInt(WETH.address) < BigInt(USDC.address) ? ['WETH'] : ['USDC'];
    const paid = token0 === 'WETH' ? result : ([result[1], result[0]] as const);
    expect([after[0]! - before[0]!, after[1]! - before[1]!]).toEqual([paid[0], paid[1]]);
    expect(paid[0] + paid[1]).toBeGreaterThan(0n);
  });

  it('closes the custom-pool V4 position on Base: the NFT burned, the wallet paid what the multicall paid at the block before', async () => {
    const { page } = session.browser;
    const owner = base.world.accounts.user.address;
    const tokenId = base.world.v4.positions.quickWethCustom;
    const { QUICK, WETH } = base.world.tokens;
    const balances = () => balancesOf(owner, [QUICK, WETH]);
    const before = await balances();
    const [, , , , , , , liquidity] = (await base.anvil.client.readContract({
      address: base.world.v4.positionManager,
      abi: integralAbis.positionManager,
      functionName: 'positions',
      args: [tokenId],
    })) as readonly unknown[];
    const wallet = page.getByRole('region', { name: /^Base · wallet / });
    await wallet.getByRole('button', { name: `close position #${tokenId}` }).click();
    const runner = page.getByRole('region', {
      name: /^transaction multicall\(decreaseLiquidity, collect, burn\)/,
    });
    await runner.getByText('simulated from your account at the latest block: it does not revert').waitFor();
    await runner.getByRole('button', { name: 'confirm in wallet' }).click();
    const confirmed = await runner.getByText(/^confirmed in block \d+/).textContent();
    const block = BigInt(/block (\d+)/.exec(confirmed ?? '')![1]!);
    // The test's own burn of all of it at the block before (the position's fees are 0: no swap in that pool).
    const { result } = await base.anvil.client.simulateContract({
      account: owner,
      address: base.world.v4.positionManager,
      abi: v3ActionAbis.positionManager,
      functionName: 'decreaseLiquidity',
      args: [
        { tokenId, liquidity: liquidity as bigint, amount0Min: 0n, amount1Min: 0n, deadline: 2n ** 64n },
      ],
      blockNumber: block - 1n,
    });
    const after = await balances();
    const quickIsToken0 = BigInt(QUICK.address) < BigInt(WETH.address);
    const [paidQuick, paidWeth] = quickIsToken0 ? result : [result[1], result[0]];
    expect([after[0]! - before[0]!, after[1]! - before[1]!]).toEqual([paidQuick, paidWeth]);
    // Burned: the manager knows no such position, and the wallet's list drops it.
    await expect(
      base.anvil.client.readContract({
        address: base.world.v4.positionManager,
        abi: integralAbis.positionManager,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
    ).rejects.toThrow();
    await wallet.getByRole('row', { name: new RegExp(`^#${tokenId} `) }).waitFor({ state: 'detached' });
  });

  it("removes the wallet's V2 liquidity on Base with a permit: the wallet paid its share of the pair's balances at the block before", async () => {
    const { page } = session.browser;
    const owner = base.world.accounts.user.address;
    const pair = base.world.v2.pairs.wethUsdc;
    const { WETH, USDC } = base.world.tokens;
    const before = await balancesOf(owner, [WETH, USDC]);
    const wallet = page.getByRole('region', { name: /^Base · wallet / });
    await wallet
      .getByRole('button', { name: new RegExp(`^remove liquidity of WETH/USDC ${pair.slice(0, 6)}`) })
      .click();
    const runner = page.getByRole('region', { name: /^transaction removeLiquidity/ });
    await runner.getByRole('button', { name: 'sign the permit in wallet' }).click();
    await runner.getByText('simulated from your account at the latest block: it does not revert').waitFor();
    await runner.getByRole('button', { name: 'confirm in wallet' }).click();
    const confirmed = await runner.getByText(/^confirmed in block \d+/).textContent();
    const block = BigInt(/block (\d+)/.exec(confirmed ?? '')![1]!);
    // The test's own burn arithmetic at the block before: the LP's share of each token the pair held.
    const at = { blockNumber: block - 1n };
    const lp = (await base.anvil.client.readContract({
      address: pair,
      abi: erc20BalanceAbi,
      functionName: 'balanceOf',
      args: [owner],
      ...at,
    })) as bigint;
    const supply = (await base.anvil.client.readContract({
      address: pair,
      abi: pairSupplyAbi,
      functionName: 'totalSupply',
      ...at,
    })) as bigint;
    const held = await Promise.all(
      [WETH, USDC].map(
        (token) =>
          base.anvil.client.readContract({
            address: token.address,
            abi: erc20BalanceAbi,
            functionName: 'balanceOf',
            args: [pair],
            ...at,
          }) as Promise<bigint>,
      ),
    );
    const after = await balancesOf(owner, [WETH, USDC]);
    expect([after[0]! - before[0]!, after[1]! - before[1]!]).toEqual(held.map((h) => (lp * h) / supply));
    expect(lp).toBeGreaterThan(0n);
    const pairs = wallet.getByRole('table', { name: 'Base · V2 liquidity' });
    await pairs.waitFor({ state: 'detached' });
  });

  it('tracks the wallet on Base: its positions join the portfolio, the dashboard reading it per chain with the same figure', async () => {
    const { page } = session.browser;
    const wallet = page.getByRole('region', { name: /^Base · wallet / });
    await wallet.getByRole('button', { name: /^track on Base: wallet 0x/ }).click();
    const tracked = await wallet.getByText(/^tracked on Base: in your portfolio/).textContent();
    const [, count, total] = /\((\d+) positions?, (\$[\d,.]+) at block/.exec(tracked ?? '')!;
    // What the wallet holds on Base now, after the actions above: one V4 position and the open syrup.
    expect(count).toBe('2');
    // Its history of values: the first snapshot, with the total just shown.
    await wallet.getByRole('button', { name: /^show history: wallet 0x/ }).click();
    const history = wallet.getByRole('table', { name: /^history of wallet 0x/ });
    await expect.poll(() => history.getByRole('row').allTextContents()).toHaveLength(2);
    expect((await history.getByRole('row').nth(1).textContent()) ?? '').toContain(`2${total}`);
    // Its V4 position's books wait for its history, read by the scheduled rounds up to Base's final block.
    const books = wallet.getByRole('region', { name: /^books of \S+ V4 #\d+ on Base$/ });
    await expect.poll(() => books.textContent()).toContain('Its history is still being read');
    await session.browser.screenshot('chains-base-tracked', { isFullPage: false });
    await followNavLink(session.browser, 'dashboard');
    const byChain = page.getByRole('list', { name: 'by chain' });
    await expect
      .poll(() => byChain.getByRole('listitem').allTextContents())
      .toContainEqual(expect.stringContaining(`on Base (2): value ${total},`));
  });
});
