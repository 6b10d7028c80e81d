import type { FarmKind } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../src/core/db/index.ts';

/**
 * The rows a migration test's events and snapshots point at: one token, one pool of it, and a farm per
 * `farms` entry (in order), all created `at`.
 */
export async function seedFarms(
  db: Kysely<Database>,
  farms: { address: string; kind: FarmKind }[],
  at: string,
): Promise<{ tokenId: number; poolId: number; farmIds: number[] }> {
  const token = await db
    .insertInto('tokens')
    .values({ chain_id: 137, address: '0xt', symbol: 'T', name: null, decimals: 18, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pool = await db
    .insertInto('pools')
    .values({ chain_id: 137, address: '0xp', token0_id: token.id, token1_id: token.id, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const farmIds: number[] = [];
  for (const farm of farms) {
    const row = await db
      .insertInto('farms')
      .values({
        chain_id: 137,
        address: farm.address,
        kind: farm.kind,
        pool_id: pool.id,
        reward_token_a_id: token.id,
        url: `https://example.com/farm-${farm.address}`,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    farmIds.push(row.id);
  }
  return { tokenId: token.id, poolId: pool.id, farmIds };
}
