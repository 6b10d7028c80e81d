import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldLeaseMs, holdRows, leaseFrom } from '../src/core/jobs/lease-repository.ts';
import { claimDueStakes } from '../src/core/jobs/schedule-repository.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

// Issue 43, Build 1: a run holds what it claimed for a minute at a time, renewed while it works, so a process
// killed mid-run (SIGKILL: no renewal, no release) leaves its rows to the others within a minute, not five.
// The clock is the test's; SQLite here, PostgreSQL in test:pg.
let t: TestApp;
const db = () => t.database.db;
const start = new Date('2026-11-29T12:00:00.000Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const second = 1;

async function insertDuePair(wallet: string): Promise<number> {
  const created = new Date(0).toISOString();
  const token = async (address: string, symbol: string) =>
    (
      await db()
        .insertInto('tokens')
        .values({ chain_id: 137, address, symbol, name: symbol, decimals: 18, created_at: created })
        .onConflict((oc) => oc.columns(['chain_id', 'address']).doUpdateSet({ symbol }))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const a = await token('0x00000000000000000000000000000000000000a1', 'AAA');
  const b = await token('0x00000000000000000000000000000000000000b1', 'BBB');
  const pool = await db()
    .insertInto('pools')
    .values({
      chain_id: 137,
      address: `0x${wallet.slice(2, 6)}${'0'.repeat(36)}`,
      token0_id: a,
      token1_id: b,
      created_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const farm = await db()
    .insertInto('farms')
    .values({
      chain_id: 137,
      address: `0x${wallet.slice(2, 6)}${'f'.repeat(36)}`,
      kind: 'lp',
      pool_id: pool.id,
      reward_token_a_id: a,
      reward_token_b_id: null,
      url: 'https://quickswap.exchange/#/farm',
      period_finish: null,
      created_by: null,
      created_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db()
    .insertInto('snapshot_schedule')
    .values({ farm_id: farm.id, wallet_address: wallet, next_due_at: start.toISOString(), failures: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const claimAt = (when: Date) =>
  claimDueStakes(db(), {
    now: when,
    leaseMs: heldLeaseMs,
    limit: 10,
    isPostgres: t.databaseUrl !== undefined,
  });

beforeAll(async () => {
  t = await createTestApp();
  await createConfirmedUser(t);
});
afterAll(() => t?.close());

describe('leases of the scheduled work', () => {
  it('are held while a run works, and a killed process leaves them to the others within a minute', async () => {
    const id = await insertDuePair('0x1111000000000000000000000000000000000001');
    expect((await claimAt(at(0))).map((pair) => pair.scheduleId)).toEqual([id]);
    let clock = at(0);
    const hold = holdRows(db(), 'snapshot_schedule', [id], leaseFrom(at(0), heldLeaseMs), {
      leaseMs: heldLeaseMs,
      now: () => clock,
    });
    try {
      // A long run: renewed at 50 s, another process finds the pair held at 61 s.
      clock = at(50 * second);
      await hold.renew();
      expect(await claimAt(at(61 * second))).toEqual([]);
    } finally {
      await hold.release();
    }
    // Killed after that renewal: nobody renews, and a minute on the pair is another's.
    expect((await claimAt(at(111 * second))).map((pair) => pair.scheduleId)).toEqual([id]);
  });

  it('of a process killed right after its claim are free a minute on', async () => {
    const id = await insertDuePair('0x2222000000000000000000000000000000000002');
    const ids = async (when: Date) => (await claimAt(when)).map((pair) => pair.scheduleId);
    expect(await ids(at(200 * second))).toContain(id);
    expect(await ids(at(230 * second))).not.toContain(id);
    expect(await ids(at(261 * second))).toContain(id);
  });
});
