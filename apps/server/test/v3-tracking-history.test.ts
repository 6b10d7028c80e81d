import { algebraEternalFarming, farmingCenter, nonfungiblePositionManager } from '@tidewatch/contracts';
import type { V3PositionEvent, V3PositionHistory } from '@tidewatch/shared';
import { TxSender, type V3PositionKey } from '@tidewatch/testkit';
import { type Address, formatUnits, type Hex, isAddressEqual, maxUint128, maxUint256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { runV3HistoryJob } from '../src/features/v3-positions/history/history-backfill.ts';
import { createV3IncentiveIndex } from '../src/features/v3-positions/reads/incentives.ts';
import { createV3User, startV3TrackingWorld, type V3TrackingWorld } from './v3-tracking-setup.ts';

// A tracked V3 position's history rebuilt from its events on the local chain (Algebra's own bytecode): the
// user takes half the liquidity out and collects, exits farming and claims its rewards; the history job reads
// the logs in small ranges over several runs (resumable) and every event's amounts equal the log's, its USD
// the amounts at the on-chain prices of its block; the returns add up as the test's own arithmetic says.
// While still farmed, the user first collects its rewards (QuickSwap's 'collect' button, no FarmEnded) and
// claims the bonus token at once: those rewards count too, and that claim is the position's.
let w: V3TrackingWorld;
let user: { token: string; userId: number; email: string };
/** What FarmingCenter.collectRewards moved to the owner's unclaimed balances (reward, bonus), read on chain. */
let collectedBalances: [bigint, bigint];
const wallet = () => w.t.world.accounts.user.address;
const position = (key: V3PositionKey) => w.v3World.positions[key];
const idOf = (key: V3PositionKey) => position(key).tokenId.toString();

const historyOf = async (key: V3PositionKey): Promise<V3PositionHistory> =>
  (
    await w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/v3/positions/${idOf(key)}/history?wallet_address=${wallet()}`,
      token: user.token,
    })
  ).json();

/** The position's logs as the chain has them, in chain order, as the kind and raw amounts the API should show. */
async function chainEventsOf(key: V3PositionKey) {
  const tokenId = position(key).tokenId;
  const client = w.t.anvil.client;
  const logs = [
    ...(await client.getContractEvents({
      address: w.v3World.positionManager,
      abi: nonfungiblePositionManager.abi,
      fromBlock: 0n,
    })),
    ...(await client.getContractEvents({
      address: w.v3World.eternalFarming,
      abi: algebraEternalFarming.abi,
      fromBlock: 0n,
    })),
  ].sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex);
  const mine: {
    kind: V3PositionEvent['kind'];
    txHash: Hex;
    amounts: [Address, bigint][];
    liquidity?: bigint;
  }[] = [];
  const pool = w.v3World.pools[position(key).pool];
  for (const log of logs) {
    // biome-ignore lint/suspicious/noExplicitAny: each event's arguments are read by its name below.
    const args = log.args as any;
    const pair = (a0: bigint, a1: bigint): [Address, bigint][] => [
      [pool.token0, a0],
      [pool.token1, a1],
    ];
    const base = { txHash: log.transactionHash };
    if (log.eventName === 'RewardClaimed' && key === 'farmed' && args.owner === wallet()) {
      mine.push({ ...base, kind: 'reward_claimed', amounts: [[args.rewardAddress, args.reward]] });
    }
    if (args.tokenId !== tokenId) continue;
    if (log.eventName === 'Transfer') mine.push({ ...base, kind: 'transfer', amounts: [] });
    if (log.eventName === 'IncreaseLiquidity')
      mine.push({
        ...base,
        kind: 'increase_liquidity',
        amounts: pair(args.amount0, args.amount1),
        liquidity: args.actualLiquidity,
      });
    if (log.eventName === 'DecreaseLiquidity')
      mine.push({
        ...base,
        kind: 'decrease_liquidity',
        amounts: pair(args.amount0, args.amount1),
        liquidity: args.liquidity,
      });
    if (log.eventName === 'Collect')
      mine.push({ ...base, kind: 'collect', amounts: pair(args.amount0, args.amount1) });
    if (log.eventName === 'FarmEntered')
      mine.push({ ...base, kind: 'farm_entered', amounts: [], liquidity: args.liquidity });
    if (log.eventName === 'RewardsCollected') {
      const { rewardToken, bonusRewardToken } = w.v3World.incentive.key;
      mine.push({
        ...base,
        kind: 'rewards_collected',
        amounts: [
          [rewardToken, args.rewardAmount],
          [bonusRewardToken, args.bonusRewardAmount],
        ],
      });
    }
    if (log.eventName === 'FarmEnded')
      mine.push({
        ...base,
        kind: 'farm_ended',
        amounts: [
          [args.rewardAddress, args.reward],
          [args.bonusRewardToken, args.bonusReward],
        ],
      });
  }
  return mine;
}

const decimalsOf = (address: string) =>
  Object.values(w.t.world.tokens).find((t) => isAddressEqual(t.address, address as Address))!.decimals;

/** USD of raw amounts at the on-chain prices of a block (the price source the app's history uses). */
async function usdAt(block: number, amounts: [Address, bigint][]): Promise<number> {
  const prices = await w.prices.onchain.getUsdPrices(
    amounts.map(([address]) => ({ address })),
    { blockNumber: BigInt(block) },
  );
  return amounts.reduce(
    (sum, [address, raw]) =>
      sum + Number(formatUnits(raw, decimalsOf(address))) * prices.get(address.toLowerCase())!.usd!,
    0,
  );
}

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
  await tx.call(wallet(), w.v3World.positionManager, nonfungiblePositionManager.abi, 'collect', [
    { tokenId: inRange.tokenId, recipient: wallet(), amount0Max: maxUint128, amount1Max: maxUint128 },
  ]);
  await w.t.anvil.increaseTime(600);
  // Collect the rewards while still farmed, and claim the bonus token before any FarmEnded paid it.
  const { rewardToken, bonusRewardToken } = w.v3World.incentive.key;
  const unclaimedOf = (token: Address) =>
    w.t.anvil.client.readContract({
      address: w.v3World.eternalFarming,
      abi: algebraEternalFarming.abi,
      functionName: 'rewards',
      args: [wallet(), token],
    });
  const before = [await unclaimedOf(rewardToken), await unclaimedOf(bonusRewardToken)] as const;
  await tx.call(wallet(), w.v3World.farmingCenter, farmingCenter.abi, 'collectRewards', [
    w.v3World.incentive.key,
    position('farmed').tokenId,
  ]);
  await tx.assertAllSucceeded();
  collectedBalances = [
    (await unclaimedOf(rewardToken)) - before[0],
    (await unclaimedOf(bonusRewardToken)) - before[1],
  ];
  await tx.call(wallet(), w.v3World.farmingCenter, farmingCenter.abi, 'claimReward', [
    bonusRewardToken,
    wallet(),
    0n,
    await unclaimedOf(bonusRewardToken),
  ]);
  await tx.assertAllSucceeded();
  await w.t.anvil.increaseTime(600);
  await tx.call(wallet(), w.v3World.farmingCenter, farmingCenter.abi, 'exitFarming', [
    w.v3World.incentive.key,
    position('farmed').tokenId,
    false,
  ]);
  await tx.assertAllSucceeded();
  await tx.call(wallet(), w.v3World.farmingCenter, farmingCenter.abi, 'claimReward', [
    rewardToken,
    wallet(),
    0n,
    await unclaimedOf(rewardToken),
  ]);
  await tx.assertAllSucceeded();
  for (const key of ['inRange', 'farmed'] as const) {
    await w.testApp.request({
      method: 'POST',
      url: `/api/quickswap/v3/positions/${idOf(key)}/refresh`,
      token: user.token,
      payload: { wallet_address: wallet() },
    });
  }
}, 120_000);
afterAll(async () => {
  await w?.close();
});

describe('V3 position history', () => {
  it('reads the events in small ranges over several runs, resuming where each stopped, until done', async () => {
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
      logsBlockRange: 4,
      stepsPerRun: 2,
      intervalMs: w.intervalMs,
    };
    let runs = 0;
    const statuses = () =>
      w.testApp.database.db.selectFrom('v3_history_backfills').select(['status', 'error']).execute();
    const isDone = async () => {
      const rows = await statuses();
      return rows.length === 2 && rows.every((s) => s.status === 'done');
    };
    while (runs < 500 && !(await isDone())) {
      await runV3HistoryJob(deps);
      runs += 1;
      expect((await statuses()).map((s) => s.error)).toEqual([null, null]);
    }
    expect((await statuses()).map((s) => s.status)).toEqual(['done', 'done']);
    expect(runs).toBeGreaterThan(4);
  });

  it("shows every event of the position with the log's amounts, each valued at its own block", async () => {
    for (const key of ['inRange', 'farmed'] as const) {
      const { events } = await historyOf(key);
      const expected = await chainEventsOf(key);
      expect(events.map((e) => `${e.kind}:${e.tx_hash}`)).toEqual(
        expected.map((e) => `${e.kind}:${e.txHash}`),
      );
      for (const [i, event] of events.entries()) {
        const log = expected[i]!;
        expect(event.amounts.map((a) => [a.token.address, a.amount])).toEqual(
          log.amounts.map(([address, raw]) => [address, formatUnits(raw, decimalsOf(address))]),
        );
        if (log.liquidity !== undefined && event.kind !== 'farm_entered')
          expect(event.liquidity).toBe(log.liquidity.toString());
        if (log.amounts.length === 0) continue;
        expect(isRelativelyClose(event.usd, await usdAt(event.block_number, log.amounts))).toBe(true);
      }
    }
    const kinds = (await historyOf('farmed')).events.map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['farm_entered', 'rewards_collected', 'farm_ended', 'reward_claimed']),
    );
    // The collect's amounts are what the chain moved to the owner's unclaimed balances, both tokens paid.
    const collected = (await historyOf('farmed')).events.find((e) => e.kind === 'rewards_collected')!;
    const { rewardToken, bonusRewardToken } = w.v3World.incentive.key;
    expect(collectedBalances.every((raw) => raw > 0n)).toBe(true);
    expect(collected.amounts.map((a) => [a.token.address, a.amount])).toEqual([
      [rewardToken, formatUnits(collectedBalances[0], decimalsOf(rewardToken))],
      [bonusRewardToken, formatUnits(collectedBalances[1], decimalsOf(bonusRewardToken))],
    ]);
    // The bonus claim came before any FarmEnded: it is the position's through the collect alone.
    const claims = (await historyOf('farmed')).events.filter((e) => e.kind === 'reward_claimed');
    expect(claims.map((c) => c.amounts[0]!.token.address)).toEqual([bonusRewardToken, rewardToken]);
  });

  it("adds up the returns against holding, fees and rewards apart, as the test's own arithmetic", async () => {
    const history = await historyOf('inRange');
    const newest = history.snapshots.at(-1)!;
    const chain = await chainEventsOf('inRange');
    const blockOf = (kind: string) => history.events.find((e) => e.kind === kind)!.block_number;
    const increase = chain.find((e) => e.kind === 'increase_liquidity')!;
    const decrease = chain.find((e) => e.kind === 'decrease_liquidity')!;
    const collect = chain.find((e) => e.kind === 'collect')!;
    const deposited = await usdAt(blockOf('increase_liquidity'), increase.amounts);
    const principalOut = await usdAt(blockOf('decrease_liquidity'), decrease.amounts);
    // The collect pays the principal the decrease left owed, then the fees.
    const feeAmounts = collect.amounts.map(([address, raw], i): [Address, bigint] => [
      address,
      raw - decrease.amounts[i]![1],
    ]);
    const feesCollected = await usdAt(blockOf('collect'), feeAmounts);
    const hodl = increase.amounts.reduce(
      (sum, [address, raw], i) =>
        sum +
        Number(formatUnits(raw, decimalsOf(address))) * (i === 0 ? newest.price0_usd! : newest.price1_usd!),
      0,
    );
    const returns = history.returns!;
    const close = (actual: number | null, expected: number) =>
      expect(isRelativelyClose(actual, expected, 1e-9), `${actual} vs ${expected}`).toBe(true);
    close(returns.deposited_usd, deposited);
    close(returns.withdrawn_usd, principalOut + feesCollected);
    close(returns.value_now_usd, newest.value_usd!);
    close(returns.hodl_usd, hodl);
    close(returns.vs_hodl_usd, newest.value_usd! + principalOut - hodl);
    close(returns.fees_earned_usd, feesCollected + newest.fees_usd!);
    expect(returns.rewards_usd).toBe(0);

    const farmed = await historyOf('farmed');
    const ended = farmed.events.find((e) => e.kind === 'farm_ended')!;
    const endedLog = (await chainEventsOf('farmed')).find((e) => e.kind === 'farm_ended')!;
    const collected = farmed.events.find((e) => e.kind === 'rewards_collected')!;
    const { rewardToken, bonusRewardToken } = w.v3World.incentive.key;
    const collectedUsd = await usdAt(collected.block_number, [
      [rewardToken, collectedBalances[0]],
      [bonusRewardToken, collectedBalances[1]],
    ]);
    const rewards = await usdAt(ended.block_number, endedLog.amounts);
    expect(rewards).toBeGreaterThan(0);
    expect(collectedUsd).toBeGreaterThan(0);
    // Out of the farm now: nothing pending, the rewards are those the collect and FarmEnded moved (the claims
    // move them only).
    close(farmed.returns!.rewards_usd, collectedUsd + rewards);
  });
});
