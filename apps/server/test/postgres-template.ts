import { tmpdir } from 'node:os';
import { createTestDatabase } from './helpers.ts';
import { prepareTemplateForReuse } from './postgres-reuse.ts';

/**
 * Vitest global set-up of the server's tests. On PostgreSQL (TEST_DATABASE_URL set) it migrates one database
 * before any test file runs, and `createTestDatabase` copies it for each test (`CREATE DATABASE … TEMPLATE`)
 * instead of running every migration again: most test files build a fresh app per test, and those migrations
 * were most of the PostgreSQL run (docs/notes/ci-time.md). A closed app's copy is emptied and used again by the
 * same worker (postgres-reuse.ts). On SQLite there is nothing to do.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const template = await createTestDatabase(tmpdir());
  // A database is copied only while nobody is connected to it.
  await template.database.close();
  await prepareTemplateForReuse(template.databaseUrl!);
  process.env.TEST_DATABASE_TEMPLATE = new URL(template.databaseUrl!).pathname.slice(1);
  return template.drop;
}
