import { nonfungiblePositionManager } from '@tidewatch/contracts';
import { TxSender } from '@tidewatch/testkit';
import { getAddress, type Hex, maxUint256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTransactionFees } from '../src/core/books/fees-repository.ts';
import type { FinalityRule } from '../src/core/chain/finality.ts';
import { runV3HistoryJob } from '../src/features/v3-positions/history/history-backfill.ts';
import { createV3IncentiveIndex } from '../src/features/v3-positions/reads/incentives.ts';
import { createV3User, startV3TrackingWorld, type V3TrackingWorld } from './v3-tracking-setup.ts';

// The V3 history job under issue 35's rules, on the local chain with Algebra's own bytecode: events only up to
// the final block (FINALITY=depth 2 here), a reorganised block's events dropped with their gas rows, and the gas
// of each event's transaction read once from its receipt.

let w: V3TrackingWorld;
const wallet = () => w.t.world.accounts.user.address;
const position = () => w.v3World.positions.inRange;
const client = () => w.t.anvil.client;
const db = () => w.testApp.database.db;
const depthTwo: FinalityRule = { finality: 'depth', depth: 2 };
const clock = { now: new Date() };

beforeAll(async () => {
  w = await startV3TrackingWorld();
  const user = await createV3User(w, [wallet()]);
  const response = await w.testApp.request({
    method: 'POST',
    url: '/api/quickswap/v3/track',
    token: user.token,
    payload: { token_id: position().tokenId.toString(), wallet_address: wallet() },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
}, 180_000);
afterAll(async () => {
  await w?.close();
});

/** Runs the job (two hours after its previous run, so a finished position is due again) until it is done. */
async function runUntilDone(): Promise<void> {
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
    finality: depthTwo,
    gas: { wmatic: w.testApp.config.wmaticAddress },
  };
  for (let run = 0; run < 50; run++) {
    clock.now = new Date(Math.max(clock.now.getTime(), Date.now()) + 7_200_000);
    await runV3HistoryJob({ ...deps, now: () => clock.now });
    const row = await db().selectFrom('v3_history_backfills').selectAll().executeTakeFirstOrThrow();
    expect(row.error).toBeNull();
    if (row.status === 'done') return;
  }
  throw new Error('the V3 history job did not finish');
}

const storedHashes = async () =>
  (await db().selectFrom('v3_position_events').select('tx_hash').orderBy('block_number').execute()).map(
    (row) => row.tx_hash,
  );

/** The owner takes `liquidity` out of the position; answers the transaction's hash. */
async function decrease(liquidity: bigint): Promise<Hex> {
  const tx = new TxSender(w.t.anvil);
  await tx.call(wallet(), w.v3World.positionManager, nonfungiblePositionManager.abi, 'decreaseLiquidity', [
    { tokenId: position().tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: maxUint256 },
  ]);
  await tx.assertAllSucceeded();
  const logs = await client().getContractEvents({
    address: w.v3World.positionManager,
    abi: nonfungiblePositionManager.abi,
    eventName: 'DecreaseLiquidity',
    fromBlock: await client().getBlockNumber(),
  });
  return logs.at(-1)!.transactionHash;
}

describe('the V3 history job and the books', () => {
  it("stores each event transaction's gas from its receipt, once", async () => {
    await runUntilDone();
    const hashes = (await storedHashes()).filter((hash) => hash !== '0x');
    expect(hashes.length).toBeGreaterThan(0);
    const fees = await loadTransactionFees(db(), w.t.world.chainId, hashes);
    for (const hash of new Set(hashes)) {
      const receipt = await client().getTransactionReceipt({ hash: hash as Hex });
      expect(fees.get(hash)).toMatchObject({
        status: 'known',
        fee_wei: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
        from_address: getAddress(receipt.from),
      });
    }
    w.t.proxy.reset();
    await runUntilDone();
    expect(w.t.proxy.calls.filter((m) => m === 'eth_getTransactionReceipt')).toEqual([]);
  });

  it('reads a decrease only once it is FINALITY_DEPTH below the head', async () => {
    const hash = await decrease(position().liquidity / 10n);
    await w.t.anvil.mine(1);
    await runUntilDone();
    expect(await storedHashes()).not.toContain(hash);
    await w.t.anvil.mine(1);
    await runUntilDone();
    expect(await storedHashes()).toContain(hash);
  });

  it('drops the events of a reorganised block and their gas rows, keeping the new chain’s', async () => {
    const before = await storedHashes();
    const rowsBefore = await db().selectFrom('v3_position_events').select(['id', 'tx_hash']).execute();
    const snapshot = await client().request({ method: 'evm_snapshot' } as never);
    const a = await decrease(position().liquidity / 20n);
    await w.t.anvil.mine(2);
    await runUntilDone();
    expect(await storedHashes()).toContain(a);
    expect((await loadTransactionFees(db(), w.t.world.chainId, [a])).get(a)?.status).toBe('known');

    await client().request({ method: 'evm_revert', params: [snapshot] } as never);
    const b = await decrease(position().liquidity / 30n);
    await w.t.anvil.mine(2);
    await runUntilDone();
    const after = await storedHashes();
    expect(after).not.toContain(a);
    expect(after).toEqual([...before, b]);
    expect((await loadTransactionFees(db(), w.t.world.chainId, [a])).size).toBe(0);
    expect((await loadTransactionFees(db(), w.t.world.chainId, [b])).get(b)?.status).toBe('known');
    // Issue 43, finding 6: the rescan starts at the newest block the chain still has, not at the window start:
    // the events before the fork keep their rows.
    const rowsAfter = await db().selectFrom('v3_position_events').select(['id', 'tx_hash']).execute();
    for (const row of rowsBefore) expect(rowsAfter).toContainEqual(row);
  });
});
