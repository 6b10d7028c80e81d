import { algebraEternalFarming, farmingCenter, nonfungiblePositionManager } from '@tidewatch/contracts';
import { ledgerSchema } from '@tidewatch/shared';
import { mintV3Position, TxSender, testAccounts } from '@tidewatch/testkit';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createV3User,
  runV3HistoryToHead,
  startV3TrackingWorld,
  type V3TrackingWorld,
} from './v3-tracking-setup.ts';

// A wallet that starts tracking a position after the history job read past its reward claim (fix round 3,
// item 2), on the local chain with Algebra's own bytecode: A holds P (opened before the window) and tracks
// it, the job reads to the head; A hands P to B, B farms it, exits and claims the whole reward; the job reads
// past that claim while only A tracks P; then B tracks P. B's ledger shows the claim, and P keeps one opening
// balance (the rescan starts where the first scan did, not at a later window start).
let w: V3TrackingWorld;
let userA: { token: string };
let userB: { token: string };
const walletA = testAccounts.idle.address;
const walletB = () => w.t.world.accounts.user.address;
const client = () => w.t.anvil.client;
const dayMs = 86_400_000;
let position: bigint;
let claim: { hash: Hex; amount: bigint };

async function request(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await w.testApp.request({ method, url, token, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const historyToHead = () => runV3HistoryToHead(w, { backfillDays: 1, onChainClock: true });

const track = (token: string, wallet: string) =>
  request(token, 'POST', '/api/quickswap/v3/track', {
    token_id: position.toString(),
    wallet_address: wallet,
  });

const claimsOf = async (token: string, wallet: string) => {
  const ledger = ledgerSchema.parse((await request(token, 'GET', `/api/ledger?wallet=${wallet}`)).json());
  return ledger.rows
    .filter((r) => r.tx_hash === claim.hash)
    .map((r) => [r.kind, r.received.map((a) => a.amount)]);
};

const openingRows = () =>
  w.testApp.database.db
    .selectFrom('v3_position_events as e')
    .innerJoin('v3_positions as p', 'p.id', 'e.position_id')
    .where('p.token_id', '=', position.toString())
    .where('e.log_index', '=', -1)
    .select(['e.block_number', 'e.liquidity'])
    .execute();

beforeAll(async () => {
  w = await startV3TrackingWorld();
  userA = await createV3User(w, [walletA]);
  userB = await createV3User(w, [walletB()]);
  const { anvil } = w.t;
  const farmed = w.v3World.positions.farmed;
  position = await mintV3Position(anvil, w.v3World, {
    pool: w.v3World.incentive.pool,
    owner: walletA,
    tickLower: farmed.tickLower,
    tickUpper: farmed.tickUpper,
  });
  // Opened before the one-day window: its history starts with an opening balance.
  await anvil.increaseTime((3 * dayMs) / 1000);
  await track(userA.token, walletA);
  await historyToHead();

  const tx = new TxSender(anvil);
  const manager = w.v3World.positionManager;
  const { key } = w.v3World.incentive;
  await tx.call(walletA, manager, nonfungiblePositionManager.abi, 'transferFrom', [
    walletA,
    walletB(),
    position,
  ]);
  await tx.call(walletB(), manager, nonfungiblePositionManager.abi, 'safeTransferFrom', [
    walletB(),
    w.v3World.farmingCenter,
    position,
  ]);
  await tx.call(walletB(), w.v3World.farmingCenter, farmingCenter.abi, 'enterFarming', [
    key,
    position,
    0n,
    false,
  ]);
  await tx.assertAllSucceeded();
  await anvil.increaseTime(600);
  await tx.call(walletB(), w.v3World.farmingCenter, farmingCenter.abi, 'exitFarming', [key, position, false]);
  await tx.assertAllSucceeded();
  const balance = await client().readContract({
    address: w.v3World.eternalFarming,
    abi: algebraEternalFarming.abi,
    functionName: 'rewards',
    args: [walletB(), key.rewardToken],
  });
  await tx.call(walletB(), w.v3World.farmingCenter, farmingCenter.abi, 'claimReward', [
    key.rewardToken,
    walletB(),
    0n,
    balance,
  ]);
  await tx.assertAllSucceeded();
  const [hash] = (await client().getBlock()).transactions as Hex[];
  claim = { hash: hash!, amount: balance };
  // A's refresh brings the job forward: it reads past the claim while only A tracks P (not A's: not stored).
  await request(userA.token, 'POST', `/api/quickswap/v3/positions/${position}/refresh`, {
    wallet_address: walletA,
  });
  await historyToHead();
  expect(await claimsOf(userB.token, walletB())).toEqual([]);
  await track(userB.token, walletB());
  await historyToHead();
}, 300_000);

afterAll(async () => {
  await w?.close();
});

describe('V3 reward claims of a wallet that tracks a position late', () => {
  it("puts the claim the job read past before B tracked the position in B's ledger", async () => {
    expect(claim.amount > 0n).toBe(true);
    expect(await claimsOf(userB.token, walletB())).toEqual([['v3_reward', [claim.amount.toString()]]]);
  });

  it('keeps one opening balance, at the first window start, after the rescan', async () => {
    const rows = await openingRows();
    expect(rows).toHaveLength(1);
    const read = await client().readContract({
      address: w.v3World.positionManager,
      abi: nonfungiblePositionManager.abi,
      functionName: 'positions',
      args: [position],
      blockNumber: BigInt(rows[0]!.block_number),
    });
    expect(rows[0]!.liquidity).toBe(read[6].toString());
  });
});
