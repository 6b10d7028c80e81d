import {
  dragonLair,
  pair as pairArtifact,
  stakingDualRewards,
  stakingRewards,
  testErc20,
} from '@tidewatch/contracts';
import {
  farmDetailSchema,
  type LedgerRow,
  ledgerSchema,
  positionBooksSchema,
  yearSummarySchema,
} from '@tidewatch/shared';
import {
  type PairKey,
  testAccounts,
  type WorldFarm,
  worldAppEnv,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { sql } from 'kysely';
import { type Address, type Hex, isAddressEqual } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose, startTestChain, type TestChain } from '../src/core/chain/testing.ts';
import { runHistoryJob } from '../src/core/history/backfill.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import type { PriceSources } from '../src/core/snapshots/index.ts';
import { createSnapshotPipeline, type SnapshotPipeline } from '../src/core/snapshots/pipeline.ts';
import { importWorldFarm } from './farms-setup.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

// The books of a small history on the local chain: on an LP farm (WBTC-USDC, dQUICK) and a dual farm
// (WETH-WMATIC, dQUICK + WMATIC) the wallet stakes, withdraws a third and claims, a day apart; then it tracks
// both and the history job (with its gas stage) rebuilds them. Every ledger figure is checked against this
// test's own arithmetic: amounts from the logs, gas from the receipts, USD from the reserves at each block.
const day = 86_400;
const chainStart = Math.floor(Date.now() / 1000) - 10 * day;
const wallet = testAccounts.idle.address;

let t: TestChain;
let app: TestApp;
let pipeline: SnapshotPipeline;
let prices: PriceSources;
let user: { token: string };

/** One farm call of the wallet as its receipt and logs say. */
type FarmCall = {
  farm: WorldFarm;
  kind: 'stake' | 'withdraw' | 'reward';
  hash: Hex;
  block: bigint;
  time: string;
  feeWei: bigint;
  /** LP staked or withdrawn; each reward token paid (RewardPaid order). */
  amounts: { token: Address; amount: bigint }[];
};
const calls: FarmCall[] = [];

const client = () => t.anvil.client;
const db = () => app.database.db;
const lpFarm = () => t.world.farms.wbtcUsdc;
const dualFarm = () => t.world.farms.dualWethWmatic;
const abiOf = (farm: WorldFarm) => (farm.kind === 'dual' ? stakingDualRewards.abi : stakingRewards.abi);

async function reservesOf(key: PairKey, block: bigint) {
  const pair = t.world.pairs[key];
  const [r0, r1] = await client().readContract({
    address: pair.address,
    abi: pairArtifact.abi,
    functionName: 'getReserves',
    blockNumber: block,
  });
  const supply = await client().readContract({
    address: pair.address,
    abi: pairArtifact.abi,
    functionName: 'totalSupply',
    blockNumber: block,
  });
  const isAToken0 = isAddressEqual(pair.token0, t.world.tokens[pair.tokenA].address);
  return { a: isAToken0 ? r0 : r1, b: isAToken0 ? r1 : r0, supply, token0: pair.token0 };
}

/** USD per whole token at a block, as this test prices them: USDC $1, others from their USDC pair, dQUICK by the lair. */
async function pricesAt(block: bigint) {
  const perUsdc = async (key: PairKey, decimals: number) => {
    const r = await reservesOf(key, block);
    return Number(r.b) / 1e6 / (Number(r.a) / 10 ** decimals);
  };
  const wmatic = await perUsdc('WMATIC-USDC', 18);
  const quickPool = await reservesOf('QUICK-WMATIC', block);
  const quick = (Number(quickPool.b) / Number(quickPool.a)) * wmatic;
  const ratio = await client().readContract({
    address: t.world.tokens.DQUICK.address,
    abi: dragonLair.abi,
    functionName: 'dQUICKForQUICK',
    args: [10n ** 18n],
    blockNumber: block,
  });
  return {
    wmatic,
    wbtc: await perUsdc('WBTC-USDC', 8),
    weth: await perUsdc('WETH-USDC', 18),
    dquick: (quick * Number(ratio)) / 1e18,
  };
}

/** USD of a token amount at a block by this test's prices. */
async function usdOf(token: Address, amount: bigint, block: bigint): Promise<number> {
  const prices = await pricesAt(block);
  const tokens = t.world.tokens;
  const table: [Address, number, number][] = [
    [tokens.WMATIC.address, prices.wmatic, 18],
    [tokens.WBTC.address, prices.wbtc, 8],
    [tokens.WETH.address, prices.weth, 18],
    [tokens.USDC.address, 1, 6],
    [tokens.DQUICK.address, prices.dquick, 18],
  ];
  const [, price, decimals] = table.find(([address]) => isAddressEqual(address, token))!;
  return (Number(amount) / 10 ** decimals) * price;
}

/** What `lp` of the farm's pair stood for at `block` (the pair's burn arithmetic), and its USD. */
async function lpWorth(farm: WorldFarm, lp: bigint, block: bigint) {
  const r = await reservesOf(farm.pairKey, block);
  const pair = t.world.pairs[farm.pairKey];
  const tokenA = t.world.tokens[pair.tokenA].address;
  const tokenB = t.world.tokens[pair.tokenB].address;
  const a = (lp * r.a) / r.supply;
  const b = (lp * r.b) / r.supply;
  const usd = (await usdOf(tokenA, a, block)) + (await usdOf(tokenB, b, block));
  const [amount0, amount1] = isAddressEqual(r.token0, tokenA) ? [a, b] : [b, a];
  return { amount0, amount1, usd };
}

async function setTime(seconds: number): Promise<void> {
  await client().request({
    method: 'evm_setNextBlockTimestamp',
    params: [`0x${seconds.toString(16)}`],
  } as never);
  await t.anvil.mine(1);
}

async function nextDay(): Promise<void> {
  await setTime(Number((await client().getBlock()).timestamp) + day);
}

async function send(to: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[]) {
  const hash = await client().writeContract({
    account: wallet,
    chain: client().chain,
    address: to,
    abi,
    functionName,
    args,
    // An explicit limit: a pair's mint estimated at one block can cost more in the next (its price
    // accumulators are written only when the block's time moved), seen once in CI as 'mint reverted'.
    gas: 1_000_000n,
  } as never);
  const receipt = await client().waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${functionName} reverted`);
  return receipt;
}

/** The wallet adds liquidity to the farm's pair (in its reserves' ratio) and approves the farm. */
async function provideLiquidity(farm: WorldFarm, shareOfReserves: bigint): Promise<bigint> {
  const pair = t.world.pairs[farm.pairKey];
  const r = await reservesOf(farm.pairKey, await client().getBlockNumber());
  const before = await client().readContract({
    address: pair.address,
    abi: pairArtifact.abi,
    functionName: 'balanceOf',
    args: [wallet],
  });
  await send(t.world.tokens[pair.tokenA].address, testErc20.abi, 'mint', [
    pair.address,
    r.a / shareOfReserves,
  ]);
  await send(t.world.tokens[pair.tokenB].address, testErc20.abi, 'mint', [
    pair.address,
    r.b / shareOfReserves,
  ]);
  await send(pair.address, pairArtifact.abi, 'mint', [wallet]);
  await send(pair.address, pairArtifact.abi, 'approve', [farm.address, 2n ** 255n]);
  const after = await client().readContract({
    address: pair.address,
    abi: pairArtifact.abi,
    functionName: 'balanceOf',
    args: [wallet],
  });
  return after - before;
}

/** A farm call of the wallet, recorded with its fee from the receipt and its amounts from the farm's logs. */
async function farmCall(
  farm: WorldFarm,
  kind: FarmCall['kind'],
  args: readonly bigint[] = [],
): Promise<void> {
  const functionName = { stake: 'stake', withdraw: 'withdraw', reward: 'getReward' }[kind];
  const receipt = await send(farm.address, abiOf(farm), functionName, args);
  const block = await client().getBlock({ blockNumber: receipt.blockNumber });
  const amounts =
    kind === 'reward'
      ? (
          await client().getContractEvents({
            address: farm.address,
            abi: abiOf(farm),
            eventName: 'RewardPaid',
            fromBlock: receipt.blockNumber,
            toBlock: receipt.blockNumber,
          })
        ).map((log) => {
          const args = log.args as { reward: bigint; rewardToken?: Address };
          return { token: args.rewardToken ?? farm.rewardTokenAddresses[0], amount: args.reward };
        })
      : [{ token: farm.pair, amount: args[0]! }];
  calls.push({
    farm,
    kind,
    hash: receipt.transactionHash,
    block: receipt.blockNumber,
    time: new Date(Number(block.timestamp) * 1000).toISOString(),
    feeWei: receipt.gasUsed * receipt.effectiveGasPrice,
    amounts,
  });
}

beforeAll(async () => {
  t = await startTestChain({ anvilArgs: ['--timestamp', String(chainStart)] });
  prices = { onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(t.world) }) };
  app = await createTestApp({ env: worldAppEnv(t.world), deps: { chain: t.chain, prices } });
  pipeline = createSnapshotPipeline({ db: db(), chain: t.chain, prices, chainId: t.world.chainId });
  for (const farm of [lpFarm(), dualFarm()]) {
    await importWorldFarm({ t, testApp: app, writer: pipeline, prices, close: async () => {} }, farm);
  }

  for (const farm of [lpFarm(), dualFarm()]) {
    const lp = await provideLiquidity(farm, 50n);
    await farmCall(farm, 'stake', [lp]);
    await nextDay();
    await farmCall(farm, 'withdraw', [lp / 3n]);
    await nextDay();
    await farmCall(farm, 'reward');
  }
  await setTime(Math.floor(Date.now() / 1000) - 60);

  const confirmed = await createConfirmedUser(app);
  const id = await sql<{ id: number }>`select id from users where email = ${confirmed.email}`.execute(db());
  const at = new Date().toISOString();
  await sql`insert into wallets (user_id, name, address, chain_id, verified_at, created_at)
    values (${id.rows[0]!.id}, 'MetaMask', ${wallet}, ${t.world.chainId}, ${at}, ${at})`.execute(db());
  user = { token: confirmed.token };
  for (const [url, farm] of [
    ['/api/quickswap/track-farmable-pool', lpFarm()],
    ['/api/quickswap/dual-mining/tracked-farm', dualFarm()],
  ] as const) {
    const tracked = await app.request({
      method: 'POST',
      url,
      token: user.token,
      payload: { farm_address: farm.address, wallet_address: wallet },
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
  }
  for (let run = 0; run < 100; run++) {
    await runHistoryJob({
      ...app.config.history,
      db: db(),
      chain: t.chain,
      pipeline,
      gas: { chainId: t.world.chainId, prices, wmatic: app.config.wmaticAddress },
      intervalMs: 3_600_000,
    });
    const rows = await db().selectFrom('history_backfills').select('status').execute();
    if (rows.length === 2 && rows.every((row) => row.status === 'done')) return;
  }
  throw new Error('the history job did not finish');
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.stop();
});

const get = async (url: string) => {
  const response = await app.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

/** The rows this test expects, one per farm log (a dual claim pays two tokens: two rows, one transaction). */
const expectedRows = () =>
  calls.flatMap((call) => call.amounts.map((amount, index) => ({ call, amount, isFirstOfTx: index === 0 })));

const close = (actual: number | null | undefined, want: number, what: string) =>
  expect(isRelativelyClose(actual ?? null, want), `${what}: ${actual} vs ${want}`).toBe(true);

describe('the ledger of a small history on the local chain', () => {
  let rows: LedgerRow[];

  it('lists each farm event with its amounts, counterparty and the gas its receipt says', async () => {
    const body = ledgerSchema.parse((await get(`/api/ledger?wallet=${wallet}`)).json());
    rows = body.rows;
    const want = expectedRows();
    expect(rows.map((r) => `${r.position.tool} ${r.kind} ${r.tx_hash}`)).toEqual(
      want.map(({ call }) => `${call.farm.kind} ${call.kind} ${call.hash}`),
    );
    for (const [i, row] of rows.entries()) {
      const { call, amount, isFirstOfTx } = want[i]!;
      const what = `${call.farm.kind} ${call.kind} ${i}`;
      expect(row.block_number, what).toBe(Number(call.block));
      expect(row.block_time, what).toBe(call.time);
      expect(row.counterparty?.toLowerCase(), what).toBe(call.farm.address.toLowerCase());
      const moved = call.kind === 'stake' ? row.sent : row.received;
      expect(
        moved.map((m) => [m.address.toLowerCase(), m.amount]),
        what,
      ).toEqual([[amount.token.toLowerCase(), amount.amount.toString()]]);
      if (call.kind === 'reward') {
        close(row.usd, await usdOf(amount.token, amount.amount, call.block), `${what} usd`);
        expect(row.underlying, what).toEqual([]);
      } else {
        const worth = await lpWorth(call.farm, amount.amount, call.block);
        expect(
          row.underlying.map((u) => u.amount),
          what,
        ).toEqual([worth.amount0.toString(), worth.amount1.toString()]);
        close(row.usd, worth.usd, `${what} usd`);
      }
      if (isFirstOfTx) {
        expect(row.gas.status, what).toBe('paid');
        expect(row.gas.fee_pol, what).toBe(call.feeWei.toString());
        close(
          row.gas.fee_usd,
          (Number(call.feeWei) / 1e18) * (await pricesAt(call.block)).wmatic,
          `${what} gas usd`,
        );
      } else {
        expect(row.gas, what).toMatchObject({ status: 'none', fee_pol: null, fee_usd: null });
      }
    }
    // Two rows of the dual claim, two reward tokens: the old lair's dQUICK (named as every screen names it,
    // issue 42 finding 6) and WMATIC.
    const dualClaim = rows.filter((r) => r.position.tool === 'dual' && r.kind === 'reward');
    expect(dualClaim.map((r) => r.received[0]!.symbol).sort()).toEqual(['WMATIC', 'dQUICK (old)'].sort());

    const totalFee = calls.reduce((sum, call) => sum + call.feeWei, 0n);
    expect(body.totals).toMatchObject({
      rows: want.length,
      gas_pol: totalFee.toString(),
      gas_unknown_rows: 0,
      gas_usd_unknown_rows: 0,
      usd_unknown_rows: 0,
      income_usd_unknown_rows: 0,
    });
    const sumUsd = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.usd!, 0);
    close(body.totals.income_usd, sumUsd('reward'), 'income');
    close(body.totals.deposits_usd, sumUsd('stake'), 'deposits');
    close(body.totals.withdrawals_usd, sumUsd('withdraw'), 'withdrawals');
  });

  it("sums the events' year: income by token, and the rows behind it", async () => {
    const year = new Date(calls[0]!.time).getUTCFullYear();
    const summary = yearSummarySchema.parse(
      (await get(`/api/ledger/summary?wallet=${wallet}&year=${year}`)).json(),
    );
    const inYear = rows.filter((r) => new Date(r.block_time).getUTCFullYear() === year);
    expect(summary.rows.map((r) => r.id)).toEqual(inYear.map((r) => r.id));
    const rewardTokens = new Set(
      inYear.filter((r) => r.kind === 'reward').map((r) => r.received[0]!.address),
    );
    expect(summary.income.map((i) => i.token.address).sort()).toEqual([...rewardTokens].sort());
    for (const income of summary.income) {
      const mine = inYear.filter(
        (r) => r.kind === 'reward' && r.received[0]!.address === income.token.address,
      );
      expect(income.token.amount).toBe(
        mine.reduce((s, r) => s + BigInt(r.received[0]!.amount), 0n).toString(),
      );
      close(
        income.usd,
        mine.reduce((s, r) => s + r.usd!, 0),
        `income ${income.token.symbol}`,
      );
      expect(income.row_ids).toEqual(mine.map((r) => r.id));
    }
  });

  it('exports the rows for Koinly with the fee on each transaction once', async () => {
    const year = new Date(calls[0]!.time).getUTCFullYear();
    const response = await get(`/api/ledger.csv?wallet=${wallet}&year=${year}&format=koinly`);
    const lines = response.body.trimEnd().split('\r\n').slice(1);
    const inYear = rows.filter((r) => new Date(r.block_time).getUTCFullYear() === year);
    expect(lines).toHaveLength(inYear.length);
    const fees = lines.map((line) => line.split(',')[5]).filter(Boolean);
    expect(fees).toHaveLength(new Set(inYear.map((r) => r.tx_hash)).size);
  });
});

describe("each position's books", () => {
  for (const farmOf of [lpFarm, dualFarm]) {
    it(`shows a farm's gas, deposits, withdrawals, claims and total profit (${farmOf.name})`, async () => {
      const farm = farmOf();
      const response = await get(`/api/quickswap/farm/details/${farm.address}?account=${wallet}`);
      const detail = farmDetailSchema.parse(response.json());
      const books = positionBooksSchema.parse(detail.books);
      const newest = detail.farm_position_snapshots[0]!;
      const mine = calls.filter((call) => call.farm.address === farm.address);
      expect(books.as_of_block).toBe(newest.block_number);
      expect(books.as_of_block).toBeGreaterThan(Number(mine.at(-1)!.block));

      const stake = mine.find((c) => c.kind === 'stake')!;
      const withdrawal = mine.find((c) => c.kind === 'withdraw')!;
      const claim = mine.find((c) => c.kind === 'reward')!;
      const deposited = (await lpWorth(farm, stake.amounts[0]!.amount, stake.block)).usd;
      const withdrawn = (await lpWorth(farm, withdrawal.amounts[0]!.amount, withdrawal.block)).usd;
      let claimed = 0;
      for (const paid of claim.amounts) claimed += await usdOf(paid.token, paid.amount, claim.block);
      let gasUsd = 0;
      for (const call of mine) gasUsd += (Number(call.feeWei) / 1e18) * (await pricesAt(call.block)).wmatic;
      const value = newest.total_liquidity_usd!;

      expect(books.gas_pol).toBe(mine.reduce((s, c) => s + c.feeWei, 0n).toString());
      close(books.gas_usd, gasUsd, 'gas usd');
      close(books.deposited_usd, deposited, 'deposited');
      close(books.withdrawn_usd, withdrawn, 'withdrawn');
      close(books.rewards_income_usd, claimed, 'claimed');
      expect(books.value_now_usd).toBe(value);
      close(books.total_profit_usd, value + withdrawn + claimed - deposited - gasUsd, 'total profit');
      expect(books).toMatchObject({ gas_unknown_rows: 0, usd_unknown_rows: 0 });
      expect(books.prices).toContain(`block ${books.as_of_block}`);
    });
  }
});

describe('books while newer events are not final yet', () => {
  it('take value now from the newest snapshot at or below the block the events were read to', async () => {
    const farm = lpFarm();
    const url = `/api/quickswap/farm/details/${farm.address}?account=${wallet}`;
    const before = positionBooksSchema.parse(farmDetailSchema.parse((await get(url)).json()).books);
    // A stake the history job has not read yet, and a snapshot at the head after it.
    const lp = await provideLiquidity(farm, 50n);
    await send(farm.address, abiOf(farm), 'stake', [lp]);
    await pipeline.refreshSnapshots({
      farms: [{ address: farm.address, kind: farm.kind }],
      accounts: [wallet],
    });
    const detail = farmDetailSchema.parse((await get(url)).json());
    const scan = await db()
      .selectFrom('history_backfills as h')
      .innerJoin('farms as f', 'f.id', 'h.farm_id')
      .where('f.address', '=', farm.address)
      .select('h.scanned_to_block')
      .executeTakeFirstOrThrow();
    const finalBlock = Number(scan.scanned_to_block);
    expect(detail.farm_position_snapshots[0]!.block_number).toBeGreaterThan(finalBlock);

    const books = positionBooksSchema.parse(detail.books);
    expect(books.as_of_block).toBeLessThanOrEqual(finalBlock);
    expect(books.as_of_block).toBe(before.as_of_block);
    // The new stake is in neither the events nor value now: the profit does not jump by it.
    expect(books.value_now_usd).toBe(before.value_now_usd);
    expect(books.total_profit_usd).toBe(before.total_profit_usd);
    expect(books.prices).toContain(`block ${finalBlock}`);
  });
});

describe('books when the events were read past the newest snapshot (review 2 item 2)', () => {
  /** Runs the history job until each pair has read its events up to the head (each run takes one pair). */
  let hoursAhead = 0;
  async function catchUpHistory(): Promise<void> {
    const head = Number(await client().getBlockNumber());
    for (let run = 0; run < 10; run++) {
      hoursAhead += 2;
      await runHistoryJob({
        ...app.config.history,
        db: db(),
        chain: t.chain,
        pipeline,
        gas: { chainId: t.world.chainId, prices, wmatic: app.config.wmaticAddress },
        intervalMs: 3_600_000,
        now: () => new Date(Date.now() + hoursAhead * 3_600_000),
      });
      const scans = await db().selectFrom('history_backfills').select('scanned_to_block').execute();
      if (scans.every((s) => Number(s.scanned_to_block) >= head)) return;
    }
    throw new Error('the history job did not catch up');
  }

  it('count only the events up to the snapshot value now is of: a stake read after it is in neither', async () => {
    const farm = lpFarm();
    const url = `/api/quickswap/farm/details/${farm.address}?account=${wallet}`;
    await catchUpHistory();
    const before = positionBooksSchema.parse(farmDetailSchema.parse((await get(url)).json()).books);

    // A stake the history job reads, with no snapshot after it: value now stays the older snapshot's.
    const lp = await provideLiquidity(farm, 50n);
    const { blockNumber: stakeBlock } = await send(farm.address, abiOf(farm), 'stake', [lp]);
    await catchUpHistory();
    const books = positionBooksSchema.parse(farmDetailSchema.parse((await get(url)).json()).books);
    expect(books.as_of_block).toBe(before.as_of_block);
    expect(books.as_of_block).toBeLessThan(Number(stakeBlock));
    expect(books.deposited_usd).toBe(before.deposited_usd);
    expect(books.gas_pol).toBe(before.gas_pol);
    expect(books.total_profit_usd).toBe(before.total_profit_usd);
    // The wallet's ledger has the stake all the same.
    const ledger = ledgerSchema.parse((await get(`/api/ledger?wallet=${wallet}`)).json());
    expect(ledger.rows.some((row) => row.kind === 'stake' && row.block_number === Number(stakeBlock))).toBe(
      true,
    );
  });
});
