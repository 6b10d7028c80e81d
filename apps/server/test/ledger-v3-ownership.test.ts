import { algebraEternalFarming, farmingCenter, nonfungiblePositionManager } from '@tidewatch/contracts';
import {
  ledgerSchema,
  type PositionBooks,
  positionBooksSchema,
  v3PositionHistorySchema,
} from '@tidewatch/shared';
import { addV3Positions, mintV3Position, swapV3, TxSender, testAccounts } from '@tidewatch/testkit';
import { type Address, formatUnits, isAddressEqual, maxUint128, maxUint256, parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import {
  createV3User,
  runV3HistoryToHead,
  startV3TrackingWorld,
  type V3TrackingWorld,
} from './v3-tracking-setup.ts';

// Whose V3 rows and books (review items 3, 10, 11), on the local chain with Algebra's own bytecode:
// - two positions of the wallet in one incentive (one exits farming, the other collects its rewards while
//   farmed) and one claim of the owner's reward balance: each position's books count its share, the shares sum
//   to the claim, the wallet's ledger lists the claim once;
// - a decrease, the books read, then the collect: the owed principal is withdrawn once, not also uncollected fees;
// - a position minted for another address and transferred to the wallet: its earlier deposit is not the wallet's.
let w: V3TrackingWorld;
let user: { token: string };
const wallet = () => w.t.world.accounts.user.address;
const other = testAccounts.idle.address;
const client = () => w.t.anvil.client;
let secondFarmed: bigint;
let transferredIn: bigint;
let beforeCollect: PositionBooks;
let beforeSnapshot: PositionBooks;
let beforeCollectExpected: { value: number };
let claim: { block: bigint; amount: bigint };
let credits: Map<bigint, bigint>;

const idsOf = () => ({
  inRange: w.v3World.positions.inRange.tokenId,
  farmed: w.v3World.positions.farmed.tokenId,
  secondFarmed,
  transferredIn,
});

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

const close = (actual: number | null | undefined, want: number, what: string) =>
  expect(isRelativelyClose(actual ?? null, want), `${what}: ${actual} vs ${want}`).toBe(true);

async function request(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await w.testApp.request({
    method,
    url,
    token: user.token,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const refresh = (id: bigint) =>
  request('POST', `/api/quickswap/v3/positions/${id}/refresh`, { wallet_address: wallet() });

async function historyOf(id: bigint) {
  const body = (
    await request('GET', `/api/quickswap/v3/positions/${id}/history?wallet_address=${wallet()}`)
  ).json();
  return v3PositionHistorySchema.parse(body);
}

const historyToHead = () => runV3HistoryToHead(w, { backfillDays: 90, positions: 4, withGas: true });

beforeAll(async () => {
  w = await startV3TrackingWorld();
  user = await createV3User(w, [wallet()]);
  const { anvil } = w.t;
  [secondFarmed] = (await addV3Positions(anvil, w.v3World, { owner: wallet(), count: 1, farmed: 1 })) as [
    bigint,
  ];
  const inRange = w.v3World.positions.inRange;
  transferredIn = await mintV3Position(anvil, w.v3World, {
    pool: inRange.pool,
    owner: other,
    tickLower: inRange.tickLower,
    tickUpper: inRange.tickUpper,
  });
  const tx = new TxSender(anvil);
  await tx.call(other, w.v3World.positionManager, nonfungiblePositionManager.abi, 'transferFrom', [
    other,
    wallet(),
    transferredIn,
  ]);
  await tx.assertAllSucceeded();
  for (const id of Object.values(idsOf()))
    await request('POST', '/api/quickswap/v3/track', { token_id: id.toString(), wallet_address: wallet() });

  // Swaps both ways: the in-range liquidity earns fees in both tokens.
  await swapV3(anvil, w.v3World, { pool: inRange.pool, tokenIn: 'USDC', amountIn: 2_000n * 10n ** 6n });
  await swapV3(anvil, w.v3World, { pool: inRange.pool, tokenIn: 'WMATIC', amountIn: 3_000n * 10n ** 18n });
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
  // The decrease read by the history job, the newest snapshot still from before it: the books stay at that
  // snapshot, the decrease in neither value now nor withdrawn.
  await historyToHead();
  beforeSnapshot = positionBooksSchema.parse((await historyOf(inRange.tokenId)).books);
  // The books between the decrease and the collect: what a static collect pays beyond the decreased principal
  // is the fees, at the snapshot's block.
  await refresh(inRange.tokenId);
  await historyToHead();
  const history = await historyOf(inRange.tokenId);
  beforeCollect = positionBooksSchema.parse(history.books);
  const snapshot = history.snapshots.at(-1)!;
  const at = BigInt(snapshot.block_number);
  const collectAll = {
    tokenId: inRange.tokenId,
    recipient: wallet(),
    amount0Max: maxUint128,
    amount1Max: maxUint128,
  };
  const { result: collectable } = await client().simulateContract({
    account: wallet(),
    address: w.v3World.positionManager,
    abi: nonfungiblePositionManager.abi,
    functionName: 'collect',
    args: [collectAll],
    blockNumber: at,
  });
  const decreases = parseEventLogs({
    abi: nonfungiblePositionManager.abi,
    eventName: 'DecreaseLiquidity',
    logs: await client().getLogs({ address: w.v3World.positionManager, fromBlock: 0n }),
  }).filter((log) => log.args.tokenId === inRange.tokenId);
  const owed0 = decreases.reduce((s, l) => s + l.args.amount0, 0n);
  const owed1 = decreases.reduce((s, l) => s + l.args.amount1, 0n);
  const pool = w.v3World.pools[inRange.pool];
  const fees = await usdAt(at, [
    [pool.token0, collectable[0] - owed0],
    [pool.token1, collectable[1] - owed1],
  ]);
  beforeCollectExpected = { value: snapshot.value_usd! + fees };

  await tx.call(wallet(), w.v3World.positionManager, nonfungiblePositionManager.abi, 'collect', [collectAll]);
  await tx.assertAllSucceeded();

  // Farming: one position exits (FarmEnded), the other collects while farmed (RewardsCollected), one claim.
  await anvil.increaseTime(600);
  const { key } = w.v3World.incentive;
  await tx.call(wallet(), w.v3World.farmingCenter, farmingCenter.abi, 'exitFarming', [
    key,
    w.v3World.positions.farmed.tokenId,
    false,
  ]);
  await tx.call(wallet(), w.v3World.farmingCenter, farmingCenter.abi, 'collectRewards', [key, secondFarmed]);
  await tx.assertAllSucceeded();
  const unclaimed = await client().readContract({
    address: w.v3World.eternalFarming,
    abi: algebraEternalFarming.abi,
    functionName: 'rewards',
    args: [wallet(), key.rewardToken],
  });
  await tx.call(wallet(), w.v3World.farmingCenter, farmingCenter.abi, 'claimReward', [
    key.rewardToken,
    wallet(),
    0n,
    unclaimed,
  ]);
  await tx.assertAllSucceeded();
  const farmingLogs = parseEventLogs({
    abi: algebraEternalFarming.abi,
    logs: await client().getLogs({ address: w.v3World.eternalFarming, fromBlock: 0n }),
  });
  const sameToken = (a: Address) => isAddressEqual(a, key.rewardToken);
  credits = new Map();
  for (const log of farmingLogs) {
    if (log.eventName === 'FarmEnded') {
      const bonus = sameToken(log.args.bonusRewardToken) ? log.args.bonusReward : 0n;
      credits.set(log.args.tokenId, (credits.get(log.args.tokenId) ?? 0n) + log.args.reward + bonus);
    }
    if (log.eventName === 'RewardsCollected') {
      const bonus = sameToken(key.bonusRewardToken) ? log.args.bonusRewardAmount : 0n;
      credits.set(log.args.tokenId, (credits.get(log.args.tokenId) ?? 0n) + log.args.rewardAmount + bonus);
    }
  }
  const claims = farmingLogs.filter((log) => log.eventName === 'RewardClaimed');
  expect(claims).toHaveLength(1);
  claim = { block: claims[0]!.blockNumber, amount: unclaimed };
  for (const id of Object.values(idsOf())) await refresh(id);
  await historyToHead();
}, 300_000);

afterAll(async () => {
  await w?.close();
});

describe('V3 books: whose rows, and the owner-level claim', () => {
  it('splits one claim of two positions in one incentive by what each credited; the shares sum to the claim', async () => {
    const ids = idsOf();
    expect([...credits.keys()].sort()).toEqual([ids.farmed, ids.secondFarmed].sort());
    const credited = [...credits.values()].reduce((s, c) => s + c, 0n);
    expect(credited).toBe(claim.amount);
    expect(claim.amount > 0n).toBe(true);
    const at = claim.block;
    const token = w.v3World.incentive.key.rewardToken;
    let sum = 0;
    for (const id of [ids.farmed, ids.secondFarmed]) {
      const books = positionBooksSchema.parse((await historyOf(id)).books);
      close(books.rewards_income_usd, await usdAt(at, [[token, credits.get(id)!]]), `#${id} claimed`);
      sum += books.rewards_income_usd!;
      expect(books.prices).toContain('this position counts its share');
    }
    close(sum, await usdAt(at, [[token, claim.amount]]), 'the shares');

    const ledger = ledgerSchema.parse((await request('GET', `/api/ledger?wallet=${wallet()}`)).json());
    const claims = ledger.rows.filter((r) => r.kind === 'v3_reward');
    expect(claims.map((r) => r.received.map((a) => a.amount))).toEqual([[claim.amount.toString()]]);
  });

  it('leaves the gas of the one claim of both positions to the wallet ledger, not to either position', async () => {
    const ids = idsOf();
    const histories = new Map<bigint, Awaited<ReturnType<typeof historyOf>>>();
    for (const id of Object.values(ids)) histories.set(id, await historyOf(id));
    const claimTx = (await client().getBlock({ blockNumber: claim.block })).transactions[0]!;
    for (const id of [ids.farmed, ids.secondFarmed]) {
      const books = positionBooksSchema.parse(histories.get(id)!.books);
      const othersTxs = new Set(
        [...histories].filter(([other]) => other !== id).flatMap(([, h]) => h.events.map((e) => e.tx_hash)),
      );
      expect(othersTxs.has(claimTx)).toBe(true);
      // This position's own transactions that move tokens (the ledger's rows; entering or leaving farming
      // moves none) and none shared with another position: the wallet's gas of each.
      const moving = ['increase_liquidity', 'decrease_liquidity', 'collect', 'reward_claimed'];
      const own = new Set(
        histories
          .get(id)!
          .events.filter(
            (e) => e.block_number <= books.as_of_block && e.tx_hash !== '0x' && moving.includes(e.kind),
          )
          .map((e) => e.tx_hash)
          .filter((hash) => !othersTxs.has(hash)),
      );
      let gas = 0n;
      for (const hash of own) {
        const receipt = await client().getTransactionReceipt({ hash: hash as `0x${string}` });
        if (isAddressEqual(receipt.from, wallet())) gas += receipt.gasUsed * receipt.effectiveGasPrice;
      }
      expect(books.gas_pol, `#${id} gas`).toBe(gas.toString());
      expect(books.prices).toContain("in the wallet's ledger only");
    }
    // The wallet's ledger keeps the claim's gas, once.
    const ledger = ledgerSchema.parse((await request('GET', `/api/ledger?wallet=${wallet()}`)).json());
    const claimRows = ledger.rows.filter((r) => r.tx_hash === claimTx);
    expect(claimRows.filter((r) => r.gas.status === 'paid')).toHaveLength(1);
  });

  it('counts a decreased principal once: withdrawn at the decrease, not also as uncollected fees before the collect', async () => {
    close(beforeCollect.value_now_usd, beforeCollectExpected.value, 'value now between decrease and collect');
    // Collecting moves nothing from the position's worth to elsewhere but its gas: the profit before gas holds.
    const after = positionBooksSchema.parse((await historyOf(idsOf().inRange)).books);
    close(
      after.total_profit_usd! + after.gas_usd!,
      beforeCollect.total_profit_usd! + beforeCollect.gas_usd!,
      'total profit before gas, before and after the collect',
    );
  });

  it('reads the books as of the newest snapshot the events were read past, with the events up to it', async () => {
    const history = await historyOf(idsOf().inRange);
    const decrease = history.events.find((e) => e.kind === 'decrease_liquidity')!;
    expect(beforeSnapshot.as_of_block < decrease.block_number).toBe(true);
    expect(beforeSnapshot.withdrawn_usd).toBe(0);
    expect(beforeSnapshot.prices).toContain(`events count up to its block`);
  });

  it("leaves out a deposit made before the position was the wallet's", async () => {
    const ledger = ledgerSchema.parse((await request('GET', `/api/ledger?wallet=${wallet()}`)).json());
    const id = idsOf().transferredIn.toString();
    const mint = parseEventLogs({
      abi: nonfungiblePositionManager.abi,
      eventName: 'IncreaseLiquidity',
      logs: await client().getLogs({ address: w.v3World.positionManager, fromBlock: 0n }),
    }).filter((log) => log.args.tokenId === idsOf().transferredIn);
    expect(mint).toHaveLength(1);
    expect(ledger.rows.filter((r) => r.position.token_id === id)).toEqual([]);
    expect(ledger.rows.some((r) => r.tx_hash === mint[0]!.transactionHash)).toBe(false);
    // Its own deposits still count: the wallet's other positions' deposits are listed.
    expect(
      ledger.rows.some(
        (r) => r.kind === 'v3_deposit' && r.position.token_id === idsOf().secondFarmed.toString(),
      ),
    ).toBe(true);
    const books = positionBooksSchema.parse((await historyOf(idsOf().transferredIn)).books);
    expect(books.deposited_usd).toBeNull();
  });
});
