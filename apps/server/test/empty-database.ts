import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/core/db/index.ts';

/**
 * An empty, unmigrated database for migration tests: SQLite in `dataDir`, or a fresh one on
 * TEST_DATABASE_URL's server (`drop` removes it).
 */
export async function createEmptyDatabase(dataDir: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return { database: createDatabase({ sqlitePath: join(dataDir, 'db.sqlite') }), drop: async () => {} };
  }
  const name = `tidewatch_migration_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: createDatabase({ databaseUrl: url.toString(), sqlitePath: '' }),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
