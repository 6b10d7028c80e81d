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
 * The application's tables, read from the database's catalogue once per database: a fuzz run takes two
 * fingerprints per refused request, and on PostgreSQL reading the catalogue each time was most of its run.
 */
const tablesOf = new WeakMap<Kysely<Database>, Promise<string[]>>();
function fingerprintedTables(db: Kysely<Database>): Promise<string[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = db.introspection.getTables().then((all) =>
      all
        // The app's own schema: on PostgreSQL the catalogue lists other schemas' tables too (pg-boss's, the
        // tests' seed copies), which are not the app's rows and are not reachable by their bare name.
        .filter((t) => t.schema === undefined || t.schema === 'public')
        .map((t) => t.name)
        .filter((name) => !name.startsWith('kysely_') && !attemptCounters.has(name)),
    );
    tablesOf.set(db, tables);
  }
  return tables;
}

/**
 * A digest of every row of every application table but the attempt counters (rows sorted, so the order a
 * database returns them in does not matter). Two equal digests mean nothing was written in between.
 */
export async function databaseFingerprint(db: Kysely<Database>): Promise<Map<string, string>> {
  // All tables at once: on PostgreSQL the pool reads them side by side (a fuzz run takes two per request).
  const tables = await fingerprintedTables(db);
  const digests = await Promise.all(
    tables.map(async (name) => {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
      const lines = rows
        .map((row) =>
          JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
        )
        .sort();
      return [name, createHash('sha256').update(lines.join('\n')).digest('hex')] as const;
    }),
  );
  return new Map(digests);
}

/** The tables whose digest differs between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}
