import { algebraEternalFarming, farmingCenter, nonfungiblePositionManager } from '@tidewatch/contracts';
import { ledgerSchema, positionBooksSchema, v3PositionHistorySchema } from '@tidewatch/shared';
import { swapV3, TxSender, type V3PositionKey } from '@tidewatch/testkit';
import { type Address, formatUnits, type Hex, isAddressEqual, maxUint128, maxUint256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { runV3HistoryJob } from '../src/features/v3-positions/history/history-backfill.ts';
import { createV3IncentiveIndex } from '../src/features/v3-positions/reads/incentives.ts';
import { createV3User, startV3TrackingWorld, type V3TrackingWorld } from './v3-tracking-setup.ts';

// The ledger's V3 rows on the local chain (Algebra's own bytecode): swaps earn the in-range position fees, the
// user takes half its liquidity out and collects (principal + fees), and exits farming with the farmed one and
// claims its reward; the V3 history job (with its gas stage) rebuilds both. Each row is checked against the
// logs and receipts: deposits and removals with the log's amounts, the fee part of the collect as income, the
// claim as income, the gas of each transaction the wallet sent; then each position's books.
let w: V3TrackingWorld;
let user: { token: string };
const wallet = () => w.t.world.accounts.user.address;
const position = (key: V3PositionKey) => w.v3World.positions[key];
const idOf = (key: V3PositionKey) => position(key).tokenId.toString();
const client = () => w.t.anvil.client;

/** A row the ledger should list, from the chain's logs. */
type ExpectedV3Row = {
  key: V3PositionKey;
  kind: 'v3_deposit' | 'v3_withdraw' | 'v3_fees' | 'v3_reward';
  txHash: Hex;
  block: bigint;
  logIndex: number;
  /** What moved, raw, per token. */
  amounts: [Address, bigint][];
};

/** The rows of both positions from the chain's logs, in chain order: Collect beyond the owed principal is fees. */
async function expectedRows(): Promise<ExpectedV3Row[]> {
  const logs = [
    ...(await client().getContractEvents({
      address: w.v3World.positionManager,
      abi: nonfungiblePositionManager.abi,
      fromBlock: 0n,
    })),
    ...(await client().getContractEvents({
      address: w.v3World.eternalFarming,
      abi: algebraEternalFarming.abi,
      fromBlock: 0n,
    })),
  ].sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex);
  const rows: ExpectedV3Row[] = [];
  const owed = new Map<string, bigint>();
  for (const log of logs) {
    // biome-ignore lint/suspicious/noExplicitAny: each event's arguments are read by its name below.
    const args = log.args as any;
    const base = { txHash: log.transactionHash, block: log.blockNumber, logIndex: log.logIndex };
    if (log.eventName === 'RewardClaimed' && args.owner === wallet()) {
      rows.push({ ...base, key: 'farmed', kind: 'v3_reward', amounts: [[args.rewardAddress, args.reward]] });
      continue;
    }
    const key = (['inRange', 'farmed'] as const).find((k) => position(k).tokenId === args.tokenId);
    if (!key) continue;
    const pool = w.v3World.pools[position(key).pool];
    const pair: [Address, bigint][] = [
      [pool.token0, args.amount0],
      [pool.token1, args.amount1],
    ];
    if (log.eventName === 'IncreaseLiquidity') rows.push({ ...base, key, kind: 'v3_deposit', amounts: pair });
    if (log.eventName === 'DecreaseLiquidity') {
      for (const [token, raw] of pair) owed.set(`${key}:${token}`, (owed.get(`${key}:${token}`) ?? 0n) + raw);
      rows.push({ ...base, key, kind: 'v3_withdraw', amounts: pair });
    }
    if (log.eventName === 'Collect') {
      const fees: [Address, bigint][] = [];
      for (const [token, raw] of pair) {
        const due = owed.get(`${key}:${token}`) ?? 0n;
        const principal = raw < due ? raw : due;
        owed.set(`${key}:${token}`, due - principal);
        if (raw > principal) fees.push([token, raw - principal]);
      }
      if (fees.length > 0) rows.push({ ...base, key, kind: 'v3_fees', amounts: fees });
    }
  }
  return rows;
}

const decimalsOf = (address: string) =>
  Object.values(w.t.world.tokens).find((t) => isAddressEqual(t.address, address as Address))!.decimals;

/** USD of raw amounts at the on-chain prices of a block (the price source the app's history uses). */
async function usdAt(block: bigint, amounts: [Address, bigint][]): Promise<number> {
  const prices = await w.prices.onchain.getUsdPrices(
    amounts.map(([address]) => ({ address })),
    { blockNumber: block },
  );
  return amounts.reduce(
    (sum, [address, raw]) =>
      sum + Number(formatUnits(raw, decimalsOf(address))) * prices.get(address.toLowerCase())!.usd!,
    0,
  );
}

/** The gas a transaction cost the wallet, from its receipt; null when another address sent it. */
async function feeOf(hash: Hex): Promise<{ wei: bigint; usd: number } | null> {
  const receipt = await client().getTransactionReceipt({ hash });
  if (!isAddressEqual(receipt.from, wallet())) return null;
  const wei = receipt.gasUsed * receipt.effectiveGasPrice;
  return { wei, usd: await usdAt(receipt.blockNumber, [[w.t.world.tokens.WMATIC.address, wei]]) };
}

const close = (actual: number | null | undefined, want: number, what: string) =>
  expect(isRelativelyClose(actual ?? null, want), `${what}: ${actual} vs ${want}`).toBe(true);

beforeAll(async () => {
  w = await startV3TrackingWorld();
  user = await createV3User(w, [wallet()]);
  for (const key of ['inRange', 'farmed'] as const) {
    const response = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/v3/track',
      token: user.token,
      payload: { token_id: idOf(key), wallet_address: wallet() },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  // Swaps both ways: the in-range liquidity earns fees in both tokens.
  await swapV3(w.t.anvil, w.v3World, { pool: 'WMATIC-USDC', tokenIn: 'USDC', amountIn: 2_000n * 10n ** 6n });
  await swapV3(w.t.anvil, w.v3World, {
    pool: 'WMATIC-USDC',
    tokenIn: 'WMATIC',
    amountIn: 3_000n * 10n ** 18n,
  });
  const tx = new TxSender(w.t.anvil);
  const inRange = position('inRange');
  await tx.call(wallet(), w.v3World.positionManager, nonfungiblePositionManager.abi, 'decreaseLiquidity', [
    {
      tokenId: inRange.tokenId,
      liquidity: inRange.liquidity / 2n,
      amount0Min: 0n,
      amount1Min: 0n,
      deadline: maxUint256,
    },
  ]);
  await tx.assertAllSucceeded();
  await tx.call(wallet(), w.v3World.positionManager, nonfungiblePositionManager.abi, 'collect', [
    { tokenId: inRange.tokenId, recipient: wallet(), amount0Max: maxUint128, amount1Max: maxUint128 },
  ]);
  await tx.assertAllSucceeded();
  await w.t.anvil.increaseTime(600);
  const { rewardToken } = w.v3World.incentive.key;
  await tx.call(wallet(), w.v3World.farmingCenter, farmingCenter.abi, 'exitFarming', [
    w.v3World.incentive.key,
    position('farmed').tokenId,
    false,
  ]);
  await tx.assertAllSucceeded();
  const unclaimed = await client().readContract({
    address: w.v3World.eternalFarming,
    abi: algebraEternalFarming.abi,
    functionName: 'rewards',
    args: [wallet(), rewardToken],
  });
  await tx.call(wallet(), w.v3World.farmingCenter, farmingCenter.abi, 'claimReward', [
    rewardToken,
    wallet(),
    0n,
    unclaimed,
  ]);
  await tx.assertAllSucceeded();
  for (const key of ['inRange', 'farmed'] as const) {
    const refreshed = await w.testApp.request({
      method: 'POST',
      url: `/api/quickswap/v3/positions/${idOf(key)}/refresh`,
      token: user.token,
      payload: { wallet_address: wallet() },
    });
    if (refreshed.statusCode !== 200) throw new Error(refreshed.body);
  }
  const deps = {
    ...w.jobs.round,
    chain: w.t.chain,
    chainId: w.t.world.chainId,
    prices: w.prices,
    contracts: w.testApp.config.v3,
    incentives: createV3IncentiveIndex({
      chain: w.t.chain,
      eternalFarming: w.v3World.eternalFarming,
      fromBlock: w.testApp.config.v3.eternalFarmingFromBlock,
    }),
    backfillDays: 90,
    logsBlockRange: 1_000,
    intervalMs: w.intervalMs,
    gas: { wmatic: w.testApp.config.wmaticAddress },
  };
  for (let run = 0; run < 100; run++) {
    await runV3HistoryJob(deps);
    const rows = await w.testApp.database.db.selectFrom('v3_history_backfills').select('status').execute();
    if (rows.length === 2 && rows.every((row) => row.status === 'done')) return;
  }
  throw new Error('the V3 history job did not finish');
}, 180_000);

afterAll(async () => {
  await w?.close();
});

const get = async (url: string) => {
  const response = await w.testApp.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('V3 rows of the ledger', () => {
  it('lists deposits, removals, the fee part of each collect and the claim, with the gas the wallet paid', async () => {
    const body = ledgerSchema.parse((await get(`/api/ledger?wallet=${wallet()}`)).json());
    const want = await expectedRows();
    expect(want.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['v3_deposit', 'v3_withdraw', 'v3_fees', 'v3_reward']),
    );
    expect(body.rows.map((r) => `${r.kind} ${r.position.token_id} ${r.id}`)).toEqual(
      want.map((r) => `${r.kind} ${idOf(r.key)} v3:${r.txHash}:${r.logIndex}`),
    );
    const seen = new Set<string>();
    let gasWei = 0n;
    for (const [i, row] of body.rows.entries()) {
      const expected = want[i]!;
      const what = `${expected.kind} #${idOf(expected.key)}`;
      const moved = expected.kind === 'v3_deposit' ? row.sent : row.received;
      expect(
        moved.map((m) => [m.address.toLowerCase(), m.amount]),
        what,
      ).toEqual(expected.amounts.map(([token, raw]) => [token.toLowerCase(), raw.toString()]));
      close(row.usd, await usdAt(expected.block, expected.amounts), `${what} usd`);
      const isFirstOfTx = !seen.has(row.tx_hash);
      seen.add(row.tx_hash);
      const fee = await feeOf(expected.txHash);
      if (!isFirstOfTx) expect(row.gas.status, what).toBe('none');
      else if (!fee) expect(row.gas.status, what).toBe('not_paid');
      else {
        gasWei += fee.wei;
        expect(row.gas, what).toMatchObject({ status: 'paid', fee_pol: fee.wei.toString() });
        close(row.gas.fee_usd, fee.usd, `${what} gas usd`);
      }
    }
    expect(body.totals.gas_pol).toBe(gasWei.toString());
    const incomeRows = want.filter((r) => r.kind === 'v3_fees' || r.kind === 'v3_reward');
    let income = 0;
    for (const row of incomeRows) income += await usdAt(row.block, row.amounts);
    close(body.totals.income_usd, income, 'income');
    expect(body.totals).toMatchObject({
      gas_unknown_rows: 0,
      usd_unknown_rows: 0,
      income_usd_unknown_rows: 0,
    });
  });

  for (const key of ['inRange', 'farmed'] as const) {
    it(`gives the ${key} position's books: deposited, withdrawn with fees, claims, gas and total profit`, async () => {
      const history = v3PositionHistorySchema.parse(
        (await get(`/api/quickswap/v3/positions/${idOf(key)}/history?wallet_address=${wallet()}`)).json(),
      );
      const books = positionBooksSchema.parse(history.books);
      const newest = history.snapshots.at(-1)!;
      expect(books.as_of_block).toBe(newest.block_number);
      const mine = (await expectedRows()).filter((r) => r.key === key);
      const usdOfKinds = async (kinds: ExpectedV3Row['kind'][]) => {
        let sum = 0;
        for (const row of mine.filter((r) => kinds.includes(r.kind)))
          sum += await usdAt(row.block, row.amounts);
        return sum;
      };
      const deposited = await usdOfKinds(['v3_deposit']);
      const withdrawn = await usdOfKinds(['v3_withdraw', 'v3_fees']);
      const claimed = await usdOfKinds(['v3_reward']);
      let gasWei = 0n;
      let gasUsd = 0;
      for (const hash of new Set(mine.map((r) => r.txHash))) {
        const fee = await feeOf(hash);
        if (!fee) continue;
        gasWei += fee.wei;
        gasUsd += fee.usd;
      }
      const value = newest.value_usd! + newest.fees_usd!;
      close(books.deposited_usd, deposited, 'deposited');
      if (withdrawn === 0) expect(books.withdrawn_usd).toBe(0);
      else close(books.withdrawn_usd, withdrawn, 'withdrawn');
      if (claimed === 0) expect(books.rewards_income_usd).toBe(0);
      else close(books.rewards_income_usd, claimed, 'claimed');
      expect(books.gas_pol).toBe(gasWei.toString());
      if (gasWei > 0n) close(books.gas_usd, gasUsd, 'gas usd');
      close(books.value_now_usd, value, 'value now');
      close(books.total_profit_usd, value + withdrawn + claimed - deposited - gasUsd, 'total profit');
    });
  }
});
