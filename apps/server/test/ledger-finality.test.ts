import { RpcRequestError } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainClient } from '../src/core/chain/client.ts';
import { finalStamp } from '../src/core/chain/finality.ts';
import { parseConfig } from '../src/core/config.ts';
import {
  farmCall,
  type LedgerHistoryWorld,
  startLedgerHistoryWorld,
  storedEventHashes,
} from './ledger-history-setup.ts';

// Only final blocks count (issue 35): on an anvil with one slot per epoch (its `finalized` block is head − 2),
// the history job reads events only up to the final block, and a block it read that the chain later
// reorganised away (evm_snapshot / evm_revert, then other blocks) leaves nothing stale behind.

let w: LedgerHistoryWorld;
const client = () => w.t.anvil.client;
const db = () => w.app.database.db;

beforeAll(async () => {
  w = await startLedgerHistoryWorld({
    anvilArgs: ['--slots-in-an-epoch', '1'],
    env: { FINALITY: 'finalized' },
  });
}, 180_000);
afterAll(async () => {
  await w?.close();
});

async function feeRowOf(hash: string) {
  return db().selectFrom('transaction_fees').selectAll().where('tx_hash', '=', hash).executeTakeFirst();
}

describe('the final block', () => {
  it('is configured by FINALITY (default finalized) and FINALITY_DEPTH (default 128); bad values name the field', () => {
    expect(parseConfig({}).history.finality).toEqual({ finality: 'finalized', depth: 128 });
    expect(parseConfig({ FINALITY: 'depth', FINALITY_DEPTH: '12' }).history.finality).toEqual({
      finality: 'depth',
      depth: 12,
    });
    expect(() => parseConfig({ FINALITY: 'safe' })).toThrowError(/FINALITY/);
    expect(() => parseConfig({ FINALITY_DEPTH: '-1' })).toThrowError(/FINALITY_DEPTH/);
  });

  it("is the node's finalized block, or FINALITY_DEPTH below the head where the node refuses the tag", async () => {
    // The world's env sets FINALITY_DEPTH=0 (read to the head); this suite overrides FINALITY only.
    expect(w.app.config.history.finality).toEqual({ finality: 'finalized', depth: 0 });
    await w.t.anvil.mine(5);
    const head = await client().getBlock();
    const finalized = await finalStamp(w.t.chain, { finality: 'finalized', depth: 128 });
    expect(finalized.number).toBe(head.number - 2n);
    const atFinalized = await client().getBlock({ blockNumber: finalized.number });
    expect(finalized.hash).toBe(atFinalized.hash);

    const depth = await finalStamp(w.t.chain, { finality: 'depth', depth: 3 });
    expect(depth.number).toBe(head.number - 3n);
    expect((await finalStamp(w.t.chain, { finality: 'depth', depth: 1_000_000 })).number).toBe(0n);

    // A node that answers the tag with an error (one without it): the depth below its head.
    const refusing: ChainClient = {
      ...w.t.chain,
      publicClient: new Proxy(w.t.chain.publicClient, {
        get(target, property, receiver) {
          if (property !== 'request') return Reflect.get(target, property, receiver);
          return (args: { method: string; params?: unknown[] }) => {
            if (args.method === 'eth_getBlockByNumber' && args.params?.[0] === 'finalized') {
              throw new RpcRequestError({
                body: args,
                error: { code: -32602, message: "invalid block tag 'finalized'" },
                url: 'http://node.invalid',
              });
            }
            return target.request(args as never);
          };
        },
      }),
    };
    const fallback = await finalStamp(refusing, { finality: 'finalized', depth: 4 });
    expect(fallback.number).toBe(head.number - 4n);
  });

  it('keeps a stake in the last 2 blocks out of the history until they are final (FINALITY=finalized)', async () => {
    const stake = await farmCall(w.t, { functionName: 'stake', args: [1_000_000n] });
    await w.runJob();
    expect(await storedEventHashes(w)).not.toContain(stake.hash);
    const row = await db().selectFrom('history_backfills').selectAll().executeTakeFirstOrThrow();
    expect(row.status, row.error ?? '').toBe('done');
    expect(BigInt(row.scanned_to_block!)).toBe(stake.block - 2n);
    expect(row.scanned_to_hash).toBe((await client().getBlock({ blockNumber: stake.block - 2n })).hash);

    await w.t.anvil.mine(1);
    await w.runJob();
    expect(await storedEventHashes(w)).not.toContain(stake.hash);
    await w.t.anvil.mine(1);
    await w.runJob();
    expect(await storedEventHashes(w)).toContain(stake.hash);
    const event = await db()
      .selectFrom('position_events')
      .selectAll()
      .where('tx_hash', '=', stake.hash)
      .executeTakeFirstOrThrow();
    expect([event.kind, event.amount, BigInt(event.block_number)]).toEqual([
      'staked',
      '1000000',
      stake.block,
    ]);
  });

  it('reads only up to FINALITY_DEPTH below the head under FINALITY=depth', async () => {
    const depth = { finality: 'depth' as const, depth: 5 };
    const stake = await farmCall(w.t, { functionName: 'stake', args: [2_000_000n] });
    await w.t.anvil.mine(4);
    await w.runJob({ finality: depth });
    expect(await storedEventHashes(w)).not.toContain(stake.hash);
    const row = await db().selectFrom('history_backfills').selectAll().executeTakeFirstOrThrow();
    expect(BigInt(row.scanned_to_block!)).toBe(stake.block - 1n);
    await w.t.anvil.mine(1);
    await w.runJob({ finality: depth });
    expect(await storedEventHashes(w)).toContain(stake.hash);
  });
});

describe('a reorganisation', () => {
  it('drops the events of a block read as final that the chain replaced, and their gas rows', async () => {
    const before = await storedEventHashes(w);
    const snapshot = await client().request({ method: 'evm_snapshot' } as never);
    const a = await farmCall(w.t, { functionName: 'stake', args: [3_000_000n] });
    await w.t.anvil.mine(2);
    await w.runJob();
    expect(await storedEventHashes(w)).toEqual([...before, a.hash]);
    expect((await feeRowOf(a.hash))?.status).toBe('known');

    await client().request({ method: 'evm_revert', params: [snapshot] } as never);
    const b = await farmCall(w.t, { functionName: 'stake', args: [4_000_000n] });
    expect(b.hash).not.toBe(a.hash);
    await w.t.anvil.mine(2);
    await w.runJob();
    expect(await storedEventHashes(w)).toEqual([...before, b.hash]);
    const amounts = await db()
      .selectFrom('position_events')
      .select('amount')
      .where('tx_hash', '=', b.hash)
      .execute();
    expect(amounts.map((row) => row.amount)).toEqual(['4000000']);
    expect(await feeRowOf(a.hash)).toBeUndefined();
    expect((await feeRowOf(b.hash))?.status).toBe('known');
    // Every stored event is in the chain's blocks now (its block has its transaction).
    for (const hash of await storedEventHashes(w)) {
      const receipt = await client().getTransactionReceipt({ hash: hash as `0x${string}` });
      expect(receipt.status).toBe('success');
    }
  });

  it('rescans from the newest block it can still prove, keeping what came before and the days (issue 43, finding 6)', async () => {
    const a = await farmCall(w.t, { functionName: 'stake', args: [7_000_000n] });
    await w.t.anvil.mine(2);
    await w.runJob();
    const snapshot = await client().request({ method: 'evm_snapshot' } as never);
    const b = await farmCall(w.t, { functionName: 'stake', args: [8_000_000n] });
    await w.t.anvil.mine(2);
    await w.runJob();
    const idOf = async (hash: string) =>
      (await db().selectFrom('position_events').select('id').where('tx_hash', '=', hash).executeTakeFirst())
        ?.id;
    const kept = await db().selectFrom('position_events').select(['id', 'tx_hash']).orderBy('id').execute();
    expect(kept.map((row) => row.tx_hash)).toContain(b.hash);
    const progress = await db()
      .selectFrom('history_backfills')
      .select(['days_total', 'days_done'])
      .executeTakeFirstOrThrow();

    // B's block is replaced (a reorganisation past the final block): A's block is still the chain's.
    await client().request({ method: 'evm_revert', params: [snapshot] } as never);
    const c = await farmCall(w.t, { functionName: 'stake', args: [9_000_000n] });
    await w.t.anvil.mine(2);
    await w.runJob();
    expect(await storedEventHashes(w)).not.toContain(b.hash);
    expect(await storedEventHashes(w)).toContain(c.hash);
    // Nothing before the fork was dropped and read again: every event up to A keeps its row.
    for (const row of kept.filter((row) => row.tx_hash !== b.hash))
      expect(await idOf(row.tx_hash)).toBe(row.id);
    expect(await idOf(a.hash)).toBeDefined();
    expect(await feeRowOf(b.hash)).toBeUndefined();
    expect(
      await db()
        .selectFrom('history_backfills')
        .select(['days_total', 'days_done'])
        .executeTakeFirstOrThrow(),
    ).toEqual(progress);
  });

  it('never stores a stake reverted before it was final', async () => {
    const before = await storedEventHashes(w);
    const snapshot = await client().request({ method: 'evm_snapshot' } as never);
    const a = await farmCall(w.t, { functionName: 'stake', args: [5_000_000n] });
    await w.runJob();
    expect(await storedEventHashes(w)).toEqual(before);

    await client().request({ method: 'evm_revert', params: [snapshot] } as never);
    const b = await farmCall(w.t, { functionName: 'stake', args: [6_000_000n] });
    await w.t.anvil.mine(2);
    await w.runJob();
    expect(await storedEventHashes(w)).toEqual([...before, b.hash]);
    expect(await feeRowOf(a.hash)).toBeUndefined();
  });
});
