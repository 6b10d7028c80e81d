import { pair as pairAbi, stakingRewards } from '@tidewatch/contracts';
import { integralArtifacts } from '@tidewatch/contracts/integral-artifacts';
import type { Ledger, Portfolio } from '@tidewatch/shared';
import type {
  ChainHoldings,
  ChainsAnswer,
  ChainWalletHistory,
  TrackedChainWallet,
  TrackedChainWallets,
} from '@tidewatch/shared/chains';
import { integralAbis } from '@tidewatch/shared/integral-abis';
import { v3ActionAbis } from '@tidewatch/shared/v3-action-calls';
import {
  type Anvil,
  type BaseWorld,
  type MerklServer,
  type RpcProxy,
  startAnvil,
  startBaseWorld,
  startMerklServer,
  startRpcProxy,
} from '@tidewatch/testkit';
import { sql } from 'kysely';
import { type Address, formatUnits, maxUint128, parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherChains } from '../src/core/chain/other-chains.ts';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { chainHolding } from '../src/core/kinds/index.ts';
import { evaluateAlerts } from '../src/features/alerts/index.ts';
import { runDueChainSnapshots } from '../src/features/chain-holdings/index.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

// Issue 47: QuickSwap on Base beside Polygon. A local Base (chain id 8453) with Algebra Integral 1.2.1's and Uniswap
// V2's npm bytecode at Base's own addresses; the app reads it through BASE_RPC_URL. Every figure is checked against
// the test's own reads of that chain at the answer's block.
let base: { anvil: Anvil; world: BaseWorld; stop(): Promise<void> };
let proxy: RpcProxy;
let t: TestApp;
let token: string;
let otherChains: ReturnType<typeof createOtherChains>;
let merkl: MerklServer;
/** What Merkl's API says the wallet earned on Base (cumulative, in QUICK's base units). */
const merklEarned = 12_500_000_000_000_000_000n;

const holdingsUrl = (chainId: number, wallet: string) =>
  `/api/quickswap/chains/${chainId}/holdings?wallet_address=${wallet}`;

beforeAll(async () => {
  base = await startBaseWorld();
  proxy = await startRpcProxy({ target: base.anvil.rpcUrl });
  otherChains = createOtherChains({ baseRpcUrls: [proxy.url], multicallBatchBytes: 120_000 });
  const { QUICK } = base.world.tokens;
  merkl = await startMerklServer({
    chainId: 8453,
    rewards: [{ recipient: base.world.accounts.user.address, token: QUICK, amount: merklEarned }],
  });
  t = await createTestApp({ deps: { otherChains }, env: { MERKL_API_URL: merkl.url } });
  ({ token } = await createConfirmedUser(t));
  await saveWallet(t, base.world.accounts.user.address);
}, 120_000);

/** Saves `address` for the newest user, on Polygon (the instance's chain): the same account on Base. */
/** The answer's total is the sum of its positions' values (Merkl's rewards apart: claimable, not a position). */
function expectTotalIsTheSumOfPositions(answer: ChainHoldings) {
  const parts = [...answer.v4_positions, ...answer.v2_positions, ...answer.syrups].map((p) => p.value_usd!);
  expect(
    isRelativelyClose(
      answer.total_usd,
      parts.reduce((a, b) => a + b, 0),
    ),
  ).toBe(true);
}

async function saveWallet(app: TestApp, address: Address) {
  const row = await sql<{ id: number }>`select id from users order by id desc limit 1`.execute(
    app.database.db,
  );
  const at = new Date().toISOString();
  await sql`insert into wallets (user_id, name, address, chain_id, verified_at, created_at)
    values (${row.rows[0]!.id}, 'MetaMask', ${address}, 137, ${at}, ${at})`.execute(app.database.db);
}
afterAll(async () => {
  await t?.close();
  await proxy?.stop();
  await merkl?.stop();
  await base?.stop();
});

describe('GET /api/chains', () => {
  it('lists Polygon on and Base on once its contracts checked out, with their products', async () => {
    const response = await t.request({ method: 'GET', url: '/api/chains' });
    expect(response.statusCode, response.body).toBe(200);
    const { chains } = response.json<ChainsAnswer>();
    expect(chains.map((c) => [c.chain_id, c.name, c.status])).toEqual([
      [137, 'Polygon', 'on'],
      [8453, 'Base', 'on'],
    ]);
    expect(chains[1]!.products).toEqual(['v2', 'v4', 'syrups']);
  });

  it('says Base is off, naming BASE_RPC_URL, on an instance without it', async () => {
    const plain = await createTestApp();
    try {
      const { chains } = (await plain.request({ method: 'GET', url: '/api/chains' })).json<ChainsAnswer>();
      expect(chains[1]).toMatchObject({ chain_id: 8453, status: 'off' });
      expect(chains[1]!.reason).toContain('BASE_RPC_URL');
    } finally {
      await plain.close();
    }
  });
});

describe('a wallet on Base', () => {
  let answer: ChainHoldings;
  let requests: number;

  beforeAll(async () => {
    // The chain check's requests first, then count the holdings' own.
    await t.request({ method: 'GET', url: '/api/chains' });
    proxy.reset();
    const response = await t.request({
      method: 'GET',
      url: holdingsUrl(8453, base.world.accounts.user.address),
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    answer = response.json<ChainHoldings>();
    requests = proxy.calls.filter((m) => m === 'eth_call').length;
  });

  const at = () => BigInt(answer.block_number);
  const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[] = []) =>
    base.anvil.client.readContract({
      address,
      abi,
      functionName,
      args,
      blockNumber: at(),
    } as never) as Promise<T>;

  it('names its chain and finds every kind of position there in one eth_call (then one to price them, one for Merkl)', () => {
    expect(answer).toMatchObject({ chain_id: 8453, chain_name: 'Base' });
    expect(answer.v4_positions.map((p) => p.token_id)).toEqual(
      [base.world.v4.positions.wethUsdc, base.world.v4.positions.quickWethCustom].map(String),
    );
    expect(answer.v2_positions.map((p) => p.pair)).toEqual([base.world.v2.pairs.wethUsdc]);
    expect(answer.syrups.map((s) => s.pool)).toEqual([base.world.syrups.earnQuick, base.world.syrups.ended]);
    // The lens, the prices, and Merkl's `claimed` on Base's distributor with the reward token's price.
    expect(requests).toBe(3);
  });

  it("adds the wallet's Merkl rewards on Base apart: Merkl's cumulative amount less what Base's distributor says was claimed", async () => {
    const { QUICK } = base.world.tokens;
    const [claimed] = await read<readonly [bigint, number, string]>(
      base.world.merkl.distributor,
      v3ActionAbis.merklDistributor,
      'claimed',
      [base.world.accounts.user.address, QUICK.address],
    );
    const pending = merklEarned - claimed;
    expect(answer.merkl).toMatchObject({
      status: 'ok',
      rewards: [{ token: { address: QUICK.address, symbol: 'QUICK' }, amount: formatUnits(pending, 18) }],
    });
    // At QUICK's Base price of the same answer (its syrup rows price QUICK by the same rule, at the same block).
    const syrup = answer.syrups[0]!;
    const quickUsd = syrup.staked.usd! / Number(syrup.staked.amount);
    expect(isRelativelyClose(answer.merkl!.usd, Number(formatUnits(pending, 18)) * quickUsd, 1e-9)).toBe(
      true,
    );
    // Apart from the total: claimable at Merkl, not a position.
    expectTotalIsTheSumOfPositions(answer);
  });

  it('derives the custom pool with its deployer in the salt, as the factory placed it', async () => {
    const custom = answer.v4_positions[1]!;
    expect(custom.custom_deployer).toBe(base.world.v4.customDeployer);
    const { QUICK, WETH } = base.world.tokens;
    expect(custom.pool).toBe(
      await read<Address>(base.world.v4.factory, integralAbis.factory, 'customPoolByPair', [
        base.world.v4.customDeployer,
        QUICK.address,
        WETH.address,
      ]),
    );
    expect(answer.v4_positions[0]!.custom_deployer).toBeNull();
    expect(answer.v4_positions[0]!.pool).toBe(base.world.v4.pools.wethUsdc);
  });

  it("values each V4 position as a burn and a collect by its owner would pay at the answer's block", async () => {
    const owner = base.world.accounts.user.address;
    for (const position of answer.v4_positions) {
      const id = BigInt(position.token_id);
      const [, , , , , , , liquidity] = await read<readonly unknown[]>(
        base.world.v4.positionManager,
        integralAbis.positionManager,
        'positions',
        [id],
      );
      const burn = await base.anvil.client.simulateContract({
        account: owner,
        address: base.world.v4.positionManager,
        abi: v3ActionAbis.positionManager,
        functionName: 'decreaseLiquidity',
        args: [
          {
            tokenId: id,
            liquidity: liquidity as bigint,
            amount0Min: 0n,
            amount1Min: 0n,
            deadline: 2n ** 64n,
          },
        ],
        blockNumber: at(),
      });
      const collect = await base.anvil.client.simulateContract({
        account: owner,
        address: base.world.v4.positionManager,
        abi: integralAbis.positionManager,
        functionName: 'collect',
        args: [{ tokenId: id, recipient: owner, amount0Max: maxUint128, amount1Max: maxUint128 }],
        blockNumber: at(),
      });
      const decimals = position.amounts.map((a) => a.token.decimals);
      expect(position.amounts.map((a) => a.amount)).toEqual(
        burn.result.map((raw, i) => formatUnits(raw, decimals[i]!)),
      );
      expect(position.fees.map((a) => a.amount)).toEqual(
        collect.result.map((raw, i) => formatUnits(raw, decimals[i]!)),
      );
    }
    // The swaps paid the WETH/USDC position fees in both tokens.
    expect(answer.v4_positions[0]!.fees.every((f) => Number(f.amount) > 0)).toBe(true);
    expect(answer.v4_positions.every((p) => p.in_range)).toBe(true);
  });

  it("values the V2 LP as its share of the pair's reserves, and the syrup stakes with what they earned", async () => {
    const owner = base.world.accounts.user.address;
    const pairAddress = base.world.v2.pairs.wethUsdc;
    const [balance, supply, [r0, r1]] = await Promise.all([
      read<bigint>(pairAddress, pairAbi.abi, 'balanceOf', [owner]),
      read<bigint>(pairAddress, pairAbi.abi, 'totalSupply'),
      read<readonly [bigint, bigint]>(pairAddress, pairAbi.abi, 'getReserves'),
    ]);
    const lp = answer.v2_positions[0]!;
    expect(lp.lp_balance).toBe(balance.toString());
    expect(lp.amounts.map((a) => a.amount)).toEqual(
      [(balance * r0) / supply, (balance * r1) / supply].map((raw, i) =>
        formatUnits(raw, lp.amounts[i]!.token.decimals),
      ),
    );
    for (const stake of answer.syrups) {
      const [staked, earned, finish] = await Promise.all([
        read<bigint>(stake.pool as Address, stakingRewards.abi, 'balanceOf', [owner]),
        read<bigint>(stake.pool as Address, stakingRewards.abi, 'earned', [owner]),
        read<bigint>(stake.pool as Address, stakingRewards.abi, 'periodFinish'),
      ]);
      expect(stake.staked.amount).toBe(formatUnits(staked, 18));
      expect(stake.earned.amount).toBe(formatUnits(earned, 18));
      expect(stake.has_ended).toBe(finish <= BigInt(Date.parse(answer.block_timestamp) / 1000));
    }
    expect(answer.syrups.map((s) => s.has_ended)).toEqual([false, false]);
  });

  it("prices by Base's own pairs (WETH by its USDC pair, QUICK through WETH) and adds every part up", async () => {
    const { WETH, USDC, QUICK } = base.world.tokens;
    const reserves = async (pairAddress: Address, first: Address) => {
      const [r0, r1] = await read<readonly [bigint, bigint]>(pairAddress, pairAbi.abi, 'getReserves');
      const t0 = await read<Address>(pairAddress, pairAbi.abi, 'token0');
      return t0 === first ? [r0, r1] : [r1, r0];
    };
    const [weth, usdc] = await reserves(base.world.v2.pairs.wethUsdc, WETH.address);
    const wethUsd = Number(formatUnits(usdc!, USDC.decimals)) / Number(formatUnits(weth!, WETH.decimals));
    const [quick, wethForQuick] = await reserves(base.world.v2.pairs.quickWeth, QUICK.address);
    const quickUsd = (Number(formatUnits(wethForQuick!, 18)) / Number(formatUnits(quick!, 18))) * wethUsd;
    const priceOf = (address: string) =>
      ({ [WETH.address]: wethUsd, [USDC.address]: 1, [QUICK.address]: quickUsd })[address];
    const amounts = [
      ...answer.v4_positions.flatMap((p) => [...p.amounts, ...p.fees]),
      ...answer.v2_positions.flatMap((p) => p.amounts),
      ...answer.syrups.flatMap((s) => [s.staked, s.earned]),
    ];
    for (const amount of amounts) {
      expect(
        isRelativelyClose(amount.usd, Number(amount.amount) * priceOf(amount.token.address)!, 1e-9),
      ).toBe(true);
    }
    expectTotalIsTheSumOfPositions(answer);
  });

  it('goes on counting the ended syrup as ended once its period is over, its rewards still there', async () => {
    await base.anvil.increaseTime(3_600);
    const response = await t.request({
      method: 'GET',
      url: holdingsUrl(8453, base.world.accounts.user.address),
      token,
    });
    const later = response.json<ChainHoldings>();
    expect(later.syrups.map((s) => [s.pool, s.has_ended])).toEqual([
      [base.world.syrups.earnQuick, false],
      [base.world.syrups.ended, true],
    ]);
    expect(Number(later.syrups[1]!.earned.amount)).toBeGreaterThan(0);
  });
});

describe('refusals', () => {
  it('answers 404 naming chain_id for a chain Tidewatch does not read, 400 for a bad one, 502 for Polygon without its RPC', async () => {
    const wallet = base.world.accounts.user.address;
    const unknown = await t.request({ method: 'GET', url: holdingsUrl(1, wallet), token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details.map((d: { field: string }) => d.field)).toContain('params.chain_id');
    const polygon = await t.request({ method: 'GET', url: holdingsUrl(137, wallet), token });
    expect(polygon.statusCode).toBe(502);
    const bad = await t.request({ method: 'GET', url: holdingsUrl(-1, wallet), token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toContain('params.chain_id');
  });

  it("reads no one's wallet but the user's own saved ones", async () => {
    const other = await t.request({
      method: 'GET',
      url: holdingsUrl(8453, base.world.accounts.idle.address),
      token,
    });
    expect(other.statusCode).toBe(404);
    const anonymous = await t.request({
      method: 'GET',
      url: holdingsUrl(8453, base.world.accounts.user.address),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  const chainsWith = async (baseRpcUrl: string) => {
    const app = await createTestApp({
      deps: { otherChains: createOtherChains({ baseRpcUrls: [baseRpcUrl], multicallBatchBytes: 120_000 }) },
    });
    try {
      const { chains } = (await app.request({ method: 'GET', url: '/api/chains' })).json<ChainsAnswer>();
      const user = await createConfirmedUser(app);
      await saveWallet(app, base.world.accounts.user.address);
      const holdings = await app.request({
        method: 'GET',
        url: holdingsUrl(8453, base.world.accounts.user.address),
        token: user.token,
      });
      return { base: chains[1]!, holdings };
    } finally {
      await app.close();
    }
  };

  it('refuses Base, saying why, when its RPC serves another chain or lacks QuickSwap there', async () => {
    for (const [chainId, why] of [
      [137, 'its RPC serves chain 137'],
      [8453, `no contract at ${base.world.v4.factory} (V4 factory)`],
    ] as const) {
      const node = await startAnvil({ chainId });
      try {
        const found = await chainsWith(node.rpcUrl);
        expect(found.base).toMatchObject({ chain_id: 8453, status: 'refused' });
        expect(found.base.reason).toContain(why);
        expect(found.base.reason).toContain('BASE_RPC_URL');
      } finally {
        await node.stop();
      }
    }
  });

  it('says Base is being checked, and answers 502 for its holdings, while its RPC cannot be reached', async () => {
    const found = await chainsWith('http://127.0.0.1:9');
    expect(found.base).toMatchObject({ chain_id: 8453, status: 'checking' });
    expect(found.base.reason).toContain('BASE_RPC_URL could not be reached');
    expect(found.holdings.statusCode).toBe(502);
    expect(found.holdings.json().message).toContain('BASE_RPC_URL could not be reached');
  });
});

describe('tracking a wallet on Base', () => {
  let tracked: TrackedChainWallet;

  beforeAll(async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/quickswap/chains/8453/tracked',
      token,
      payload: { wallet_address: base.world.accounts.user.address },
    });
    expect(response.statusCode, response.body).toBe(201);
    tracked = response.json<TrackedChainWallet>();
  });

  const storedHoldings = async () => {
    const row = await t.database.db
      .selectFrom('chain_wallet_snapshots')
      .select(['block_number', 'holdings'])
      .orderBy('block_number', 'desc')
      .executeTakeFirstOrThrow();
    return JSON.parse(row.holdings) as ChainHoldings;
  };

  it('takes its first snapshot at once: the holdings at that block, every position counted', async () => {
    expect(tracked).toMatchObject({
      chain_id: 8453,
      chain_name: 'Base',
      wallet_address: base.world.accounts.user.address,
    });
    const holdings = await storedHoldings();
    expect(tracked.snapshot).toMatchObject({
      block_number: holdings.block_number,
      total_usd: holdings.total_usd,
      positions: 5,
    });
    // The stored answer is the tool's own: the same block read again gives the same figures.
    const again = await t.request({
      method: 'GET',
      url: holdingsUrl(8453, base.world.accounts.user.address),
      token,
    });
    // (Merkl's rewards are the live read's alone: claimable at Merkl, no position of the snapshot.)
    const { merkl: _, ...now } = again.json<ChainHoldings>();
    if (now.block_number === holdings.block_number) expect(now).toEqual(holdings);
  });

  it('joins the one portfolio: Base read per chain, each position named with its chain, the total their sum', async () => {
    const response = await t.request({ method: 'GET', url: '/api/quickswap/portfolio', token });
    expect(response.statusCode, response.body).toBe(200);
    const portfolio = response.json<Portfolio>();
    const holdings = await storedHoldings();
    const values = [
      ...holdings.v4_positions.map((p) => p.value_usd!),
      ...holdings.v2_positions.map((p) => p.value_usd!),
      ...holdings.syrups.map((s) => s.value_usd!),
    ];
    const sum = values.reduce((a, b) => a + b, 0);
    expect(portfolio.chains).toEqual([
      expect.objectContaining({ chain_id: 8453, name: 'Base', positions: 5, value_usd: sum }),
    ]);
    expect(portfolio).toMatchObject({ positions: 5, value_usd: sum });
    // Their profit is unknown (no history of deposits read on Base): counted as unknown, never as 0.
    expect(portfolio.unknown.pnl).toBe(5);
    expect(portfolio.kinds).toEqual([expect.objectContaining({ kind: 'chain_holding', positions: 5 })]);
  });

  it("is the user's own: another user sees none of it and cannot track or stop it", async () => {
    const other = await createConfirmedUser(t);
    const theirs = await t.request({
      method: 'GET',
      url: '/api/quickswap/chains/tracked',
      token: other.token,
    });
    expect(theirs.json<TrackedChainWallets>().wallets).toEqual([]);
    const portfolio = (
      await t.request({ method: 'GET', url: '/api/quickswap/portfolio', token: other.token })
    ).json<Portfolio>();
    expect(portfolio.positions).toBe(0);
    const track = await t.request({
      method: 'POST',
      url: '/api/quickswap/chains/8453/tracked',
      token: other.token,
      payload: { wallet_address: base.world.accounts.user.address },
    });
    expect(track.statusCode).toBe(404);
    const stop = await t.request({
      method: 'DELETE',
      url: `/api/quickswap/chains/tracked/${tracked.id}`,
      token: other.token,
    });
    expect(stop.statusCode).toBe(404);
    const mine = (
      await t.request({ method: 'GET', url: '/api/quickswap/chains/tracked', token })
    ).json<TrackedChainWallets>();
    expect(mine.wallets.map((w) => w.id)).toEqual([tracked.id]);
    const bad = await t.request({
      method: 'POST',
      url: '/api/quickswap/chains/8453/tracked',
      token,
      payload: { wallet_address: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toContain('body.wallet_address');
  });

  it('is snapshotted on schedule, and its ended syrup stake alerts its tracker, named with Base', async () => {
    const first = Number(tracked.snapshot!.block_number);
    await base.anvil.mine(1);
    const chainTime = Number((await base.anvil.client.getBlock()).timestamp) * 1000;
    const later = new Date(chainTime + 2 * 3_600_000);
    const alerted: number[] = [];
    const report = await runDueChainSnapshots({
      db: t.database.db,
      isPostgres: false,
      intervalMs: 3_600_000,
      now: () => later,
      otherChains,
      onStored: (stored) => alerted.push(...stored.map((w) => w.chainWalletId)),
    });
    expect(report).toMatchObject({ claimed: 1, stored: 1, failed: 0 });
    const holdings = await storedHoldings();
    expect(Number(holdings.block_number)).toBeGreaterThan(first);

    const publicUrl = 'http://localhost:5173';
    const stored = await evaluateAlerts(
      { db: t.database.db, chainId: 137, publicUrl, now: later, chainNow: later },
      chainHolding.alerts,
      alerted,
    );
    expect(stored).toBe(1);
    const alert = await t.database.db
      .selectFrom('notifications')
      .select(['rule', 'title', 'link', 'chain_id'])
      .where('rule', '=', 'ended_with_stake')
      .executeTakeFirstOrThrow();
    expect(alert.title).toMatch(
      /^syrup pool QUICK -> QUICK on Base: ended \d{4}-\d{2}-\d{2}, 40 QUICK still staked/,
    );
    expect(alert.link).toBe(`${publicUrl}/quickswap/chains`);
    // Stored with its chain: the webhook and Discord name it (the pool's address alone names none).
    expect(alert.chain_id).toBe(8453);
  });

  it('tells the tracker when a V4 position leaves its range, naming it a V4 position on Base', async () => {
    // A later snapshot of the same wallet in which the first position (full range in the world) has a range above
    // the pool's price: the stored answer as a later read would give it for such a position.
    const holdings = await storedHoldings();
    const moved: ChainHoldings = {
      ...holdings,
      block_number: String(Number(holdings.block_number) + 1),
      v4_positions: holdings.v4_positions.map((p, i) =>
        i === 0
          ? { ...p, tick_lower: p.current_tick + 600, tick_upper: p.current_tick + 1200, in_range: false }
          : p,
      ),
    };
    const wallet = await t.database.db.selectFrom('chain_wallets').select('id').executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('chain_wallet_snapshots')
      .values({
        chain_wallet_id: wallet.id,
        block_number: Number(moved.block_number),
        created_on: new Date(Date.parse(holdings.block_timestamp) + 1000).toISOString(),
        total_usd: moved.total_usd,
        holdings: JSON.stringify(moved),
      })
      .execute();
    await evaluateAlerts(
      { db: t.database.db, chainId: 137, publicUrl: 'http://localhost:5173', now: new Date() },
      chainHolding.alerts,
      [wallet.id],
    );
    const alert = await t.database.db
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('rule', '=', 'out_of_range')
      .executeTakeFirstOrThrow();
    const id = holdings.v4_positions[0]!.token_id;
    expect(alert.title).toBe(`WETH / USDC #${id} on Base: out of range`);
    expect(alert.body).toContain(
      `V4 position WETH / USDC #${id} on Base is out of range (block ${moved.block_number})`,
    );
  });

  it('keeps the last good figures when Base cannot be read, saying why on the tracked wallet', async () => {
    const portfolio = async () =>
      (await t.request({ method: 'GET', url: '/api/quickswap/portfolio', token })).json<Portfolio>();
    const before = await portfolio();
    const chainTime = Number((await base.anvil.client.getBlock()).timestamp) * 1000;
    proxy.inject({ type: 'http5xx' });
    try {
      const report = await runDueChainSnapshots({
        db: t.database.db,
        isPostgres: false,
        intervalMs: 3_600_000,
        now: () => new Date(chainTime + 6 * 3_600_000),
        otherChains,
      });
      expect(report).toMatchObject({ claimed: 1, stored: 0, failed: 1 });
    } finally {
      proxy.clearFaults();
    }
    const listed = (
      await t.request({ method: 'GET', url: '/api/quickswap/chains/tracked', token })
    ).json<TrackedChainWallets>();
    expect(listed.wallets[0]!.last_error).toMatch(/node|RPC|answer|503/i);
    expect(listed.wallets[0]!.last_error_at).not.toBeNull();
    expect((await portfolio()).chains).toEqual(before.chains);
  });

  it('keeps its history of values: every snapshot, newest first, with the totals the dashboard counted', async () => {
    const url = `/api/quickswap/chains/tracked/${tracked.id}/history`;
    const response = await t.request({ method: 'GET', url, token });
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json<ChainWalletHistory>();
    const stored = await t.database.db
      .selectFrom('chain_wallet_snapshots')
      .select(['block_number', 'total_usd'])
      .orderBy('block_number', 'desc')
      .execute();
    expect(stored.length).toBeGreaterThan(1);
    expect(history).toMatchObject({ id: tracked.id, chain_name: 'Base' });
    expect(history.points.map((p) => [p.block_number, p.total_usd])).toEqual(
      stored.map((row) => [String(row.block_number), row.total_usd]),
    );
    const other = await createConfirmedUser(t);
    expect((await t.request({ method: 'GET', url, token: other.token })).statusCode).toBe(404);
  });

  it("reads each V4 position's events to Base's final block, and makes its books and profit by V3's engine", async () => {
    const owner = base.world.accounts.user.address;
    const manager = base.world.v4.positionManager;
    const id = base.world.v4.positions.wethUsdc;
    const c = base.anvil.client;
    // The window starts here (BACKFILL_DAYS=1, the round's clock a day after this block), after every snapshot
    // taken so far (the range test's one is of the next block): both positions were open.
    await base.anvil.mine(2);
    const start = await c.getBlock();
    // A minute later (blocks of one second may share a timestamp: the window start must be this block alone), the
    // wallet takes half the WETH/USDC position out, then collects it with the fees.
    await base.anvil.increaseTime(60);
    const [, , , , , , , liquidity] = await c.readContract({
      address: manager,
      abi: integralAbis.positionManager,
      functionName: 'positions',
      args: [id],
    });
    const sent = async (functionName: 'decreaseLiquidity' | 'collect', args: unknown[]) => {
      const hash = await c.writeContract({
        account: owner,
        address: manager,
        abi: v3ActionAbis.positionManager,
        functionName,
        args,
        chain: null,
      } as never);
      return c.waitForTransactionReceipt({ hash });
    };
    const decrease = await sent('decreaseLiquidity', [
      { tokenId: id, liquidity: liquidity / 2n, amount0Min: 0n, amount1Min: 0n, deadline: 2n ** 64n },
    ]);
    const collect = await sent('collect', [
      { tokenId: id, recipient: owner, amount0Max: maxUint128, amount1Max: maxUint128 },
    ]);
    // Two rounds, each after more blocks than anvil's finality (head − 64): the second reads to past the first's
    // snapshot, so the books are of that snapshot.
    const history = {
      backfillDays: 1,
      logsBlockRange: 50,
      finality: { finality: 'finalized', depth: 64 },
    } as const;
    const dayLater = (Number(start.timestamp) + 86_400) * 1000;
    for (const hours of [20, 22]) {
      await base.anvil.mine(70);
      const report = await runDueChainSnapshots({
        db: t.database.db,
        isPostgres: false,
        intervalMs: 3_600_000,
        now: () => new Date(dayLater + hours * 3_600_000 - 20 * 3_600_000),
        otherChains,
        history,
      });
      const failure = await t.database.db
        .selectFrom('chain_snapshot_schedule')
        .select('last_error')
        .executeTakeFirst();
      expect(report, failure?.last_error ?? '').toMatchObject({ stored: 1, failed: 0 });
      if (hours === 20) {
        // Read to Base's final block only (head − 64): no snapshot of the window is final yet, so no books.
        const first = (
          await t.request({
            method: 'GET',
            url: `/api/quickswap/chains/tracked/${tracked.id}/history`,
            token,
          })
        ).json<ChainWalletHistory>();
        expect(first.positions.map((p) => [p.books, p.books_note])).toEqual([
          [null, expect.stringContaining('still being read')],
          [null, expect.stringContaining('still being read')],
        ]);
      }
    }
    const asOf = await t.database.db
      .selectFrom('chain_wallet_snapshots')
      .select(['block_number', 'holdings'])
      .where('block_number', '>', Number(collect.blockNumber))
      .orderBy('block_number')
      .executeTakeFirstOrThrow();
    const snapshot = JSON.parse(asOf.holdings) as ChainHoldings;
    const response = await t.request({
      method: 'GET',
      url: `/api/quickswap/chains/tracked/${tracked.id}/history`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ChainWalletHistory>();
    expect(answer.native_symbol).toBe('ETH');
    const mine = answer.positions.find((p) => p.token_id === String(id))!;
    expect(mine.label).toBe(`WETH-USDC V4 #${id} on Base`);
    expect(mine.books).not.toBeNull();
    const books = mine.books!;
    expect(books.as_of_block).toBe(Number(asOf.block_number));

    // The test's own arithmetic, from its own reads of Base at each block.
    const { WETH, USDC } = base.world.tokens;
    const wethUsdAt = async (blockNumber: bigint) => {
      const pair = base.world.v2.pairs.wethUsdc;
      const [r0, r1] = await c.readContract({
        address: pair,
        abi: pairAbi.abi,
        functionName: 'getReserves',
        blockNumber,
      });
      const token0 = await c.readContract({
        address: pair,
        abi: pairAbi.abi,
        functionName: 'token0',
        blockNumber,
      });
      const [weth, usdc] = token0 === WETH.address ? [r0, r1] : [r1, r0];
      return Number(formatUnits(usdc, USDC.decimals)) / Number(formatUnits(weth, WETH.decimals));
    };
    const usdOf = async ([a0, a1]: readonly [bigint, bigint], block: bigint) =>
      Number(formatUnits(a0, WETH.decimals)) * (await wethUsdAt(block)) +
      Number(formatUnits(a1, USDC.decimals));
    // Opening: what a burn by the owner paid at the window start (nothing was owed there).
    const opening = await c.simulateContract({
      account: owner,
      address: manager,
      abi: v3ActionAbis.positionManager,
      functionName: 'decreaseLiquidity',
      args: [{ tokenId: id, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: 2n ** 64n }],
      blockNumber: start.number,
    });
    const eventOf = (receipt: typeof decrease, eventName: 'DecreaseLiquidity' | 'Collect') =>
      parseEventLogs({
        abi: integralArtifacts.positionManager.abi,
        logs: receipt.logs,
        eventName,
      })[0]!.args as unknown as { amount0: bigint; amount1: bigint };
    const out = eventOf(decrease, 'DecreaseLiquidity');
    const paid = eventOf(collect, 'Collect');
    const deposited = await usdOf([opening.result[0], opening.result[1]], start.number);
    const withdrawn =
      (await usdOf([out.amount0, out.amount1], decrease.blockNumber)) +
      (await usdOf([paid.amount0 - out.amount0, paid.amount1 - out.amount1], collect.blockNumber));
    const gasUsd = async (receipt: typeof decrease) =>
      Number(formatUnits(receipt.gasUsed * receipt.effectiveGasPrice, 18)) *
      (await wethUsdAt(receipt.blockNumber));
    const gas = (await gasUsd(decrease)) + (await gasUsd(collect));
    const value = snapshot.v4_positions.find((p) => p.token_id === String(id))!.value_usd!;
    const close = (a: number | null | undefined, b: number) =>
      expect(isRelativelyClose(a ?? null, b, 1e-9), `${a} vs ${b}`).toBe(true);
    close(books.deposited_usd, deposited);
    close(books.withdrawn_usd, withdrawn);
    close(books.gas_usd, gas);
    close(books.value_now_usd, value);
    close(books.profit!.total_profit_usd, value + withdrawn - deposited - gas);
    // Returns against holding, of the same snapshot: the opening's tokens held at its prices.
    const held = snapshot.v4_positions.find((p) => p.token_id === String(id))!;
    const hodl = await usdOf([opening.result[0], opening.result[1]], BigInt(asOf.block_number));
    const principalOut = await usdOf([out.amount0, out.amount1], decrease.blockNumber);
    const feesCollected = await usdOf(
      [paid.amount0 - out.amount0, paid.amount1 - out.amount1],
      collect.blockNumber,
    );
    const liquidityNow = held.amounts[0].usd! + held.amounts[1].usd!;
    close(mine.returns!.hodl_usd, hodl);
    close(mine.returns!.vs_hodl_usd, liquidityNow + principalOut - hodl);
    close(mine.returns!.fees_earned_usd, feesCollected + held.fees[0].usd! + held.fees[1].usd!);
    expect(mine.rows.map((r) => [r.kind, r.block_number, r.chain.name])).toEqual([
      ['opening_balance', Number(start.number), 'Base'],
      ['v3_withdraw', Number(decrease.blockNumber), 'Base'],
      ['v3_fees', Number(collect.blockNumber), 'Base'],
    ]);
    // The custom pool's position was open too: its opening is its only deposit.
    const custom = answer.positions.find(
      (p) => p.token_id === String(base.world.v4.positions.quickWethCustom),
    )!;
    expect(custom.rows.map((r) => r.kind)).toEqual(['opening_balance']);

    // The wallet's books and its tax exports carry the same rows, named Base, gas in ETH; another user tracking the
    // same address would change nothing there (the rows are of the user's own tracking).
    const ledger = (
      await t.request({ method: 'GET', url: `/api/ledger?wallet=${owner}&tz=UTC`, token })
    ).json<Ledger>();
    const onBase = ledger.rows.filter((r) => r.chain.name === 'Base');
    expect(onBase.map((r) => [r.kind, r.position.label])).toEqual([
      ['opening_balance', mine.label],
      ['opening_balance', custom.label],
      ['v3_withdraw', mine.label],
      ['v3_fees', mine.label],
    ]);
    // Another user with the same address saved, not tracking it on Base: their books have no Base rows.
    const other = await createConfirmedUser(t);
    await saveWallet(t, owner);
    const theirs = (
      await t.request({ method: 'GET', url: `/api/ledger?wallet=${owner}&tz=UTC`, token: other.token })
    ).json<Ledger>();
    expect(theirs.rows.filter((r) => r.chain.name === 'Base')).toEqual([]);
    const koinly = await t.request({
      method: 'GET',
      url: `/api/ledger.csv?wallet=${owner}&tz=UTC&format=koinly`,
      token,
    });
    expect(koinly.statusCode, koinly.body).toBe(200);
    const withdrawLine = koinly.body.split('\n').find((line) => line.includes(decrease.transactionHash))!;
    expect(withdrawLine).toContain(',ETH,');
    expect(withdrawLine).toContain('on Base');

    // The portfolio counts the same profits (the V2 LP's and the syrups' stay unknown: no history of theirs).
    const portfolio = (
      await t.request({ method: 'GET', url: '/api/quickswap/portfolio', token })
    ).json<Portfolio>();
    expect(portfolio.unknown.pnl).toBe(3);
    close(portfolio.pnl_usd, books.profit!.total_profit_usd! + custom.books!.profit!.total_profit_usd!);
  });

  it('stops when the user stops tracking it: out of the portfolio, its snapshots kept', async () => {
    const stop = await t.request({
      method: 'DELETE',
      url: `/api/quickswap/chains/tracked/${tracked.id}`,
      token,
    });
    expect(stop.statusCode).toBe(204);
    const portfolio = (
      await t.request({ method: 'GET', url: '/api/quickswap/portfolio', token })
    ).json<Portfolio>();
    expect(portfolio.positions).toBe(0);
    const kept = await t.database.db.selectFrom('chain_wallet_snapshots').select('id').execute();
    expect(kept.length).toBeGreaterThan(1);
  });
});
