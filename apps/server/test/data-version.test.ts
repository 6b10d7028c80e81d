import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDataVersion, type DataVersion } from '../src/core/db/data-version.ts';
import { type AppDatabase, createDatabase } from '../src/core/db/index.ts';
import { createTestDatabase, insertToken } from './helpers.ts';

// data_version decides whether a remembered session or cached answer may be reused: it must move with every
// committed write, from this connection or another process's, and never show a write not yet committed.
let dataDir: string;
let database: AppDatabase;
let databaseUrl: string | undefined;
let drop: () => Promise<void>;
let dataVersion: DataVersion;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tidewatch-version-'));
  ({ database, databaseUrl, drop } = await createTestDatabase(dataDir));
  dataVersion = createDataVersion(database);
});
afterEach(async () => {
  await database.close();
  await drop();
});

describe('data version', () => {
  it('is read once per request', async () => {
    const request = {};
    const first = await dataVersion.of(request);
    await insertToken(database.db, 'ONE');
    expect(await dataVersion.of(request)).toBe(first);
    expect(await dataVersion.of({})).not.toBe(first);
  });

  it("moves with another process's committed write", async () => {
    const before = await dataVersion.of({});
    const other = createDatabase({ databaseUrl, sqlitePath: join(dataDir, 'tidewatch.sqlite') });
    try {
      await insertToken(other.db, 'TWO');
    } finally {
      await other.close();
    }
    expect(await dataVersion.of({})).not.toBe(before);
  });

  it('never shows the write of a transaction still open, which is then rolled back', async () => {
    const before = await dataVersion.of({});
    let readDuring: Promise<string> | undefined;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insertToken(trx, 'THREE');
        // Another request reads while this transaction is open on the (single SQLite) connection.
        readDuring = dataVersion.of({});
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readDuring).toBe(before);
    expect(await dataVersion.of({})).toBe(before);
  });
});
