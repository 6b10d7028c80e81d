import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/index.ts';

/**
 * A digest of every row of every application table (rows sorted, so the order a database returns them in
 * does not matter). Two equal digests mean nothing was written in between.
 */
export async function databaseFingerprint(db: Kysely<Database>): Promise<Map<string, string>> {
  const tables = await db.introspection.getTables();
  const digests = new Map<string, string>();
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
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
