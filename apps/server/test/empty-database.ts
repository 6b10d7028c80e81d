import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../src/core/db/index.ts';
import { migrations } from '../src/core/db/migrations/index.ts';

/**
 * A fresh database migrated up to (and including) `migrationName`, for a test of the migrations
 * after it; `close` closes and removes it.
 */
export async function createDatabaseMigratedTo(migrationName: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidewatch-migration-'));
  const { database, drop } = await createEmptyDatabase(dataDir);
  const close = async () => {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(migrationName);
  if (error) {
    await close();
    throw error;
  }
  return { db: database.db, close };
}

/**
 * An empty, unmigrated database for migration tests: SQLite in `dataDir`, or a fresh one on
 * TEST_DATABASE_URL's server (`drop` removes it).
 */
async function createEmptyDatabase(dataDir: string) {
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
