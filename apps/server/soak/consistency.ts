import { type Kysely, sql } from 'kysely';
import type { Database, Dialect } from '../src/core/db/index.ts';

/**
 * What must hold in the database after any crash (issue 16): the file passes SQLite's own checks; every
 * snapshot set is whole — a position snapshot has its farm's snapshot at the same block, and a farm
 * snapshot its pool's (pool, farm and positions of one read are written in one transaction, or none);
 * every imported farm has its pool and farm snapshots (the import's transaction); no completed import
 * without its farm. Returns one line per broken rule, empty when all hold.
 */
export async function findInconsistencies(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const problems: string[] = [];
  if (dialect === 'sqlite') {
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    const verdict = integrity.rows.map((r) => r.integrity_check).join('; ');
    if (verdict !== 'ok') problems.push(`integrity_check: ${verdict}`);
    const foreignKeys = await sql`pragma foreign_key_check`.execute(db);
    if (foreignKeys.rows.length > 0) problems.push(`foreign_key_check: ${foreignKeys.rows.length} rows`);
  }
  const count = async (label: string, query: ReturnType<typeof sql<{ n: number | string }>>) => {
    const n = Number((await query.execute(db)).rows[0]?.n ?? 0);
    if (n > 0) problems.push(`${label}: ${n}`);
  };
  await count(
    'position snapshots without their farm snapshot at the same block',
    sql<{ n: number }>`select count(*) as n from position_snapshots ps where not exists (
      select 1 from farm_snapshots fs where fs.farm_id = ps.farm_id and fs.block_number = ps.block_number)`,
  );
  await count(
    'farm snapshots without their pool snapshot at the same block',
    sql<{ n: number }>`select count(*) as n from farm_snapshots fs join farms f on f.id = fs.farm_id
      where not exists (select 1 from pool_snapshots p where p.pool_id = f.pool_id and p.block_number = fs.block_number)`,
  );
  await count(
    'imported farms without a farm snapshot',
    sql<{ n: number }>`select count(*) as n from farms f
      where not exists (select 1 from farm_snapshots fs where fs.farm_id = f.id)`,
  );
  await count(
    'completed imports whose farm is missing',
    sql<{ n: number }>`select count(*) as n from farm_imports i where i.state = 'completed'
      and not exists (select 1 from farms f where lower(f.address) = lower(i.farm_address))`,
  );
  return problems;
}
