import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/core/db/index.ts';

/**
 * Tables a refused request writes by design: a throttle counts attempts, refused ones included (a password
 * guesser is refused every time; a chain-read throttle is counted before the handler refuses a wallet that
 * is not the user's), or the refusals themselves would be free to repeat.
 */
const attemptCounters = new Set(['throttle_hits']);

/**
 * A digest of every row of every application table but the attempt counters (rows sorted, so the order a
 * database returns them in does not matter). Two equal digests mean nothing was written in between.
 */
export async function databaseFingerprint(db: Kysely<Database>): Promise<Map<string, string>> {
  const tables = await db.introspection.getTables();
  const digests = new Map<string, string>();
  for (const table of tables) {
    if (table.name.startsWith('kysely_') || attemptCounters.has(table.name)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
    const lines = rows
      .map((row) => JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)))
      .sort();
    digests.set(table.name, createHash('sha256').update(lines.join('\n')).digest('hex'));
  }
  return digests;
}

/** The tables whose digest differs between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}
