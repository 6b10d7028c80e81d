import { afterEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/core/db/index.ts';
import { createDatabaseMigratedTo } from './empty-database.ts';

// 023 (review 2 item 5): the ledger finds a wallet's V3 positions by the addresses their events name, from two
// indexed columns instead of a LIKE over every event's detail; the events stored before 023 get them from
// their detail, in SQLite's and PostgreSQL's JSON.

let cleanup: () => Promise<void> = async () => {};
afterEach(() => cleanup());

const walletA = '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa';
const walletB = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB';

it('fills owner_address and recipient_address of the stored V3 events from their detail', async () => {
  const { db, close } = await createDatabaseMigratedTo('022-merkl-answers');
  cleanup = close;
  const at = '2026-01-01T00:00:00.000Z';
  const token = await db
    .insertInto('tokens')
    .values({ chain_id: 137, address: '0xt', symbol: 'T', name: null, decimals: 18, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const position = await db
    .insertInto('v3_positions')
    .values({
      chain_id: 137,
      token_id: '7',
      pool_address: '0xpool',
      token0_id: token.id,
      token1_id: token.id,
      tick_lower: -60,
      tick_upper: 60,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const kinds = [
    ['increase_liquidity', null],
    ['transfer', { from: walletA, to: walletB }],
    ['collect', { recipient: walletB }],
    ['farm_ended', { incentive_id: '0x1', owner: walletA }],
    ['reward_claimed', { owner: walletA, to: walletB }],
    ['farm_entered', { incentive_id: '0x1', tokens_locked: '0' }],
  ] as const;
  await db
    .insertInto('v3_position_events')
    .values(
      kinds.map(([kind, detail], i) => ({
        position_id: position.id,
        kind,
        block_number: 100 + i,
        block_time: at,
        tx_hash: `0x${i}`,
        log_index: 0,
        liquidity: null,
        amounts: '[]',
        usd: null,
        usd_error: null,
        detail: detail ? JSON.stringify(detail) : null,
      })),
    )
    .execute();

  await migrateToLatest(db);

  const rows = await db
    .selectFrom('v3_position_events')
    .select(['kind', 'owner_address', 'recipient_address'])
    .orderBy('block_number')
    .execute();
  expect(rows.map((r) => [r.kind, r.owner_address, r.recipient_address])).toEqual([
    ['increase_liquidity', null, null],
    ['transfer', walletA, walletB],
    ['collect', null, walletB],
    ['farm_ended', walletA, null],
    ['reward_claimed', walletA, walletB],
    ['farm_entered', null, null],
  ]);
});
