import { nonfungiblePositionManager } from '@tidewatch/contracts';
import { ledgerSchema } from '@tidewatch/shared';
import { mintV3Position, swapV3, TxSender } from '@tidewatch/testkit';
import { type Hex, maxUint128, maxUint256, parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createV3User,
  runV3HistoryToHead,
  startV3TrackingWorld,
  type V3TrackingWorld,
} from './v3-tracking-setup.ts';

// Review 3 item 1, on the local chain with Algebra's own bytecode: a position's liquidity is all removed
// before the history window but not collected; the Collect inside the window pays that owed principal (and
// the fees credited with it) and is no fee income of the window: the opening balance carries what the
// position owed at the window start (tokensOwed0/1).
let w: V3TrackingWorld;
let user: { token: string };
let tokenId: bigint;
let owedAtDecrease: { owed0: bigint; owed1: bigint };
let collect: { hash: Hex; amount0: bigint; amount1: bigint };
const wallet = () => w.t.world.accounts.user.address;
const client = () => w.t.anvil.client;
const dayMs = 86_400_000;

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

const historyToHead = () => runV3HistoryToHead(w, { backfillDays: 1, onChainClock: true });

async function tokensOwed(): Promise<{ owed0: bigint; owed1: bigint }> {
  const position = await client().readContract({
    address: w.v3World.positionManager,
    abi: nonfungiblePositionManager.abi,
    functionName: 'positions',
    args: [tokenId],
  });
  return { owed0: position[9], owed1: position[10] };
}

beforeAll(async () => {
  w = await startV3TrackingWorld();
  user = await createV3User(w, [wallet()]);
  const { anvil } = w.t;
  const inRange = w.v3World.positions.inRange;
  tokenId = await mintV3Position(anvil, w.v3World, {
    pool: inRange.pool,
    tickLower: inRange.tickLower,
    tickUpper: inRange.tickUpper,
    owner: wallet(),
  });
  // Swaps both ways first: the decrease also credits fees, owed with the principal.
  await swapV3(anvil, w.v3World, { pool: inRange.pool, tokenIn: 'USDC', amountIn: 2_000n * 10n ** 6n });
  await swapV3(anvil, w.v3World, { pool: inRange.pool, tokenIn: 'WMATIC', amountIn: 3_000n * 10n ** 18n });
  const manager = w.v3World.positionManager;
  const liquidity = (
    await client().readContract({
      address: manager,
      abi: nonfungiblePositionManager.abi,
      functionName: 'positions',
      args: [tokenId],
    })
  )[6];
  const tx = new TxSender(anvil);
  await tx.call(wallet(), manager, nonfungiblePositionManager.abi, 'decreaseLiquidity', [
    { tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: maxUint256 },
  ]);
  await tx.assertAllSucceeded();
  owedAtDecrease = await tokensOwed();
  await request('POST', '/api/quickswap/v3/track', {
    token_id: tokenId.toString(),
    wallet_address: wallet(),
  });
  // The window (one day) starts after the decrease: at its start the liquidity is 0 and the position owes.
  await anvil.increaseTime((3 * dayMs) / 1000);
  await tx.call(wallet(), manager, nonfungiblePositionManager.abi, 'collect', [
    { tokenId, recipient: wallet(), amount0Max: maxUint128, amount1Max: maxUint128 },
  ]);
  await tx.assertAllSucceeded();
  const [hash] = (await client().getBlock()).transactions as Hex[];
  const receipt = await client().getTransactionReceipt({ hash: hash! });
  const [log] = parseEventLogs({
    abi: nonfungiblePositionManager.abi,
    eventName: 'Collect',
    logs: receipt.logs,
  });
  collect = { hash: hash!, amount0: log!.args.amount0, amount1: log!.args.amount1 };
  await historyToHead();
}, 300_000);

afterAll(async () => {
  await w?.close();
});

describe('V3 principal owed at the window start', () => {
  it('books a Collect of what was owed at the window start as no fee income', async () => {
    // The collect paid exactly what the position owed (nothing accrued since: no liquidity).
    expect(collect.amount0).toBe(owedAtDecrease.owed0);
    expect(collect.amount1).toBe(owedAtDecrease.owed1);
    expect(collect.amount0 > 0n && collect.amount1 > 0n).toBe(true);
    const ledger = ledgerSchema.parse((await request('GET', `/api/ledger?wallet=${wallet()}`)).json());
    const rows = ledger.rows.filter((r) => r.position.token_id === tokenId.toString());
    expect(rows.filter((r) => r.tx_hash === collect.hash)).toEqual([]);
    expect(rows.filter((r) => r.kind === 'v3_fees')).toEqual([]);
    // The opening balance is there (liquidity 0, the owed amounts in its detail).
    expect(rows.map((r) => r.kind)).toEqual(['opening_balance']);
    const stored = await w.testApp.database.db
      .selectFrom('v3_position_events')
      .select(['detail', 'tx_hash'])
      .where('tx_hash', '=', '0x')
      .execute();
    expect(stored.map((e) => JSON.parse(e.detail ?? '{}'))).toEqual([
      {
        opening_balance: 'true',
        owed0: owedAtDecrease.owed0.toString(),
        owed1: owedAtDecrease.owed1.toString(),
      },
    ]);
  });
});
