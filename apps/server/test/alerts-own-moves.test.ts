import { stakingRewards } from '@tidewatch/contracts';
import {
  type SmtpTestServer,
  startSmtpServer,
  startWebhookReceiver,
  swapExactIn,
  TxSender,
  type WebhookReceiver,
} from '@tidewatch/testkit';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2FarmStake } from '../src/core/kinds/index.ts';
import { createMailer } from '../src/core/mailer.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/pipeline.ts';
import { deliverAlertEmails } from '../src/features/alerts/deliver.ts';
import { evaluateAlerts } from '../src/features/alerts/index.ts';
import { createFarmUser, type FarmsWorld, importWorldFarms, startFarmsWorld } from './farms-setup.ts';
import { type ValueMovedWatch, watchValueMoved } from './value-moved-setup.ts';

// Issue 42, finding 5: a V2 farm position with the value-moved rule (20 %) on the local chain. The wallet's
// own withdrawal of half its stake, then its exit, are no market move: no bell, no e-mail, no webhook. A swap
// that moves the pair's price as much, with the stake unchanged, is one: all three tell it.
let w: FarmsWorld;
let smtp: SmtpTestServer;
let receiver: WebhookReceiver;
let watch: ValueMovedWatch;
let clock = new Date();
const publicUrl = 'http://localhost:5173';
const threshold = 20;
const db = () => w.testApp.database.db;
const wallet = () => w.t.world.accounts.user.address as Address;
const farm = () => w.t.world.farms.wethUsdc;

/** A day and an hour on: a scheduled snapshot of the pair, then the alerts, as a scheduled run does them. */
async function nextDaysRun(): Promise<{ staked: string; value: number | null }> {
  clock = new Date(clock.getTime() + 25 * 3_600_000);
  const pipeline = createSnapshotPipeline({
    db: db(),
    chain: w.t.chain,
    prices: w.prices,
    chainId: w.t.world.chainId,
    now: () => clock,
  });
  await pipeline.refreshSnapshots({ farms: [farm()], accounts: [wallet()] });
  const farms = await db().selectFrom('farms').select('id').where('address', '=', farm().address).execute();
  await evaluateAlerts(
    { db: db(), chainId: w.t.world.chainId, publicUrl, now: clock },
    v2FarmStake.alerts,
    farms.map((f) => ({ farmId: f.id, wallet: wallet() })),
  );
  const newest = await db()
    .selectFrom('position_snapshots')
    .select(['staked', 'total_liquidity_usd'])
    .where('account_address', '=', wallet())
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { staked: newest.staked, value: newest.total_liquidity_usd };
}

/** The wallet's own call on the farm (withdraw or exit), sent from the wallet. */
async function farmCall(functionName: 'withdraw' | 'exit', args: bigint[] = []) {
  const tx = new TxSender(w.t.anvil);
  await tx.call(wallet(), farm().address, stakingRewards.abi, functionName, args);
  await tx.assertAllSucceeded();
}

const stakeOf = () =>
  w.t.anvil.client.readContract({
    address: farm().address,
    abi: stakingRewards.abi,
    functionName: 'balanceOf',
    args: [wallet()],
  });

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startWebhookReceiver({ now: () => clock });
  w = await startFarmsWorld();
  await importWorldFarms(w, ['wethUsdc']);
  const user = await createFarmUser(w, [wallet()]);
  const track = await w.testApp.request({
    method: 'POST',
    url: '/api/quickswap/track-farmable-pool',
    token: user.token,
    payload: { farm_address: farm().address, wallet_address: wallet() },
  });
  expect(track.statusCode, track.body).toBe(200);
  clock = new Date((Number((await w.t.anvil.client.getBlock()).timestamp) + 60) * 1000);
  const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: w.testApp.dataDir, logger: { info() {} } });
  const secret = w.testApp.config.jwtSecret;
  watch = await watchValueMoved({
    testApp: w.testApp,
    user,
    threshold,
    smtp,
    receiver,
    deliverEmails: () => deliverAlertEmails({ db: db(), mailer, publicUrl, secret, now: clock }),
    now: () => clock,
  });
}, 120_000);
afterAll(async () => {
  await w?.close();
  await Promise.all([smtp?.stop(), receiver?.stop()]);
});

describe("the value-moved rule and the wallet's own moves (V2 farm)", () => {
  it('tells no move when the wallet withdraws half its stake, though the position is worth half', async () => {
    const first = await nextDaysRun();
    expect(first.value).toBeGreaterThan(0);
    await farmCall('withdraw', [(await stakeOf()) / 2n]);
    const after = await nextDaysRun();
    expect(Number(after.staked)).toBeCloseTo(Number(first.staked) / 2, 12);
    // A move by value alone: -50 %, well past the threshold.
    expect(((after.value! - first.value!) / first.value!) * 100).toBeLessThan(-threshold);
    expect(await watch.seen()).toEqual({ bell: [], mails: [], hooks: [] });
  });

  it('tells a price move of the same size with the stake unchanged: bell, e-mail and webhook', async () => {
    const before = await nextDaysRun();
    // A large sale of WETH into the pair: its price, and the LP token's value, fall by about half.
    await swapExactIn(w.t.anvil, w.t.world, {
      pair: 'WETH-USDC',
      tokenIn: 'WETH',
      amountIn: 600n * 10n ** 18n,
    });
    const after = await nextDaysRun();
    expect(after.staked).toBe(before.staked);
    const { bell, mails, hooks } = await watch.seen();
    expect(bell).toHaveLength(1);
    expect(bell[0]!.title).toMatch(
      /^(WETH \/ USDC|USDC \/ WETH) on Polygon: position -\d+\.\d% in 24 hours$/,
    );
    expect(mails).toHaveLength(1);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ chain_id: 137, chain: 'Polygon' });
    const change = ((after.value! - before.value!) / before.value!) * 100;
    expect(hooks[0]!.figures).toEqual({
      change_pct: Math.round(change * 100) / 100,
      value_usd: after.value,
      previous_usd: before.value,
      threshold_pct: threshold,
    });
    expect(change).toBeLessThan(-threshold);
  });

  it('tells no move when the wallet exits the farm: an empty position is not -100 %', async () => {
    const before = await watch.seen();
    await farmCall('exit');
    const after = await nextDaysRun();
    expect(after.staked).toBe('0');
    expect(await watch.seen()).toEqual(before);
  });
});
