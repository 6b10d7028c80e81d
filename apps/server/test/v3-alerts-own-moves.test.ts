import { nonfungiblePositionManager } from '@tidewatch/contracts';
import { startWebhookReceiver, swapExactIn, TxSender, type WebhookReceiver } from '@tidewatch/testkit';
import { maxUint256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createV3User, startV3TrackingWorld, type V3TrackingWorld } from './v3-tracking-setup.ts';
import { type ValueMovedWatch, watchValueMoved } from './value-moved-setup.ts';

// Issue 42, finding 5, for a V3 position (Algebra's own bytecode on the local chain) with the value-moved rule
// (20 %): the owner's decrease of half its liquidity, then of the rest, is no market move (no bell, no e-mail,
// no webhook); a price move of about the same size with the liquidity unchanged is one, told in all three. The
// scheduler's V3 round runs the alerts and sends their e-mails, as the runtime wires it.
let w: V3TrackingWorld;
let receiver: WebhookReceiver;
let watch: ValueMovedWatch;
const threshold = 20;
const wallet = () => w.t.world.accounts.user.address;
const position = () => w.v3World.positions.inRange;
const dayMs = 86_400_000;

/** A day and an hour on, in a new block: the scheduled round, its alerts and e-mails; its snapshot. */
async function nextDaysRound(): Promise<{ liquidity: bigint; value: number | null }> {
  w.clock.now = new Date(w.clock.now.getTime() + dayMs);
  await w.t.anvil.mine();
  expect((await w.runRound()).stored).toBe(1);
  const newest = await w.testApp.database.db
    .selectFrom('v3_position_snapshots')
    .select(['liquidity', 'value_usd'])
    .orderBy('block_number', 'desc')
    .executeTakeFirstOrThrow();
  return { liquidity: BigInt(newest.liquidity), value: newest.value_usd };
}

/** The owner takes `liquidity` out of the position (it stays owed to the owner, uncollected). */
async function decrease(liquidity: bigint): Promise<void> {
  const tx = new TxSender(w.t.anvil);
  await tx.call(wallet(), w.v3World.positionManager, nonfungiblePositionManager.abi, 'decreaseLiquidity', [
    { tokenId: position().tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: maxUint256 },
  ]);
  await tx.assertAllSucceeded();
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  w = await startV3TrackingWorld();
  const user = await createV3User(w, [wallet()]);
  const track = await w.testApp.request({
    method: 'POST',
    url: '/api/quickswap/v3/track',
    token: user.token,
    payload: { token_id: position().tokenId.toString(), wallet_address: wallet() },
  });
  expect(track.statusCode, track.body).toBe(200);
  watch = await watchValueMoved({
    testApp: w.testApp,
    user,
    threshold,
    smtp: w.smtp,
    receiver,
    now: () => new Date(),
  });
}, 180_000);
afterAll(async () => {
  await w?.close();
  await receiver?.stop();
});

describe("the value-moved rule and the owner's own moves (V3 position)", () => {
  it('tells no move when the owner decreases half the liquidity, though the position is worth half', async () => {
    const first = await nextDaysRound();
    expect(first.value).toBeGreaterThan(0);
    await decrease(first.liquidity / 2n);
    const after = await nextDaysRound();
    expect(after.liquidity).toBe(first.liquidity - first.liquidity / 2n);
    // A move by value alone: about -50 %, well past the threshold.
    expect(((after.value! - first.value!) / first.value!) * 100).toBeLessThan(-threshold);
    expect(await watch.seen()).toEqual({ bell: [], mails: [], hooks: [] });
  });

  it('tells a price move with the liquidity unchanged: bell, e-mail and webhook', async () => {
    const before = await nextDaysRound();
    // A large sale of WMATIC where its price is read: WMATIC's price falls to about a quarter.
    await swapExactIn(w.t.anvil, w.t.world, {
      pair: 'WMATIC-USDC',
      tokenIn: 'WMATIC',
      amountIn: 2_000_000n * 10n ** 18n,
    });
    const after = await nextDaysRound();
    expect(after.liquidity).toBe(before.liquidity);
    const change = ((after.value! - before.value!) / before.value!) * 100;
    expect(change).toBeLessThan(-threshold);
    const { bell, mails, hooks } = await watch.seen();
    expect(bell).toHaveLength(1);
    expect(bell[0]!.title).toMatch(
      new RegExp(`^\\w+ / \\w+ #${position().tokenId} on Polygon: position -\\d+\\.\\d% in 24 hours$`),
    );
    expect(mails).toHaveLength(1);
    // The e-mail's link opens the position's page, and says so.
    expect(mails[0]).toMatch(/^position: http\S+\/v3-positions\/\d+\r?$/m);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.figures).toEqual({
      change_pct: Math.round(change * 100) / 100,
      value_usd: after.value,
      previous_usd: before.value,
      threshold_pct: threshold,
    });
  });

  it('tells no move when the owner takes the rest out: an empty position is not -100 %', async () => {
    const before = await watch.seen();
    const { liquidity } = await nextDaysRound();
    await decrease(liquidity);
    const after = await nextDaysRound();
    expect(after.liquidity).toBe(0n);
    expect(await watch.seen()).toEqual(before);
  });
});
