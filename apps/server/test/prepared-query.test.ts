import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../src/core/db/index.ts';
import { prepareQuery } from '../src/core/db/prepared.ts';
import { createTestDatabase } from './helpers.ts';

let database: AppDatabase;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase(mkdtempSync(join(tmpdir(), 'tidewatch-prepared-'))));
  const at = new Date(0).toISOString();
  await database.db
    .insertInto('users')
    .values([
      { email: 'a@example.com', password_hash: 'x', created_at: at },
      { email: 'b@example.com', password_hash: 'x', created_at: at },
    ])
    .execute();
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('prepareQuery', () => {
  it('runs the query compiled once with each call’s values, keeping constant parameters', async () => {
    const db = database.db;
    const find = prepareQuery(db, ['', 0] as [string, number], (email, minId) =>
      db
        .selectFrom('users')
        .select('email')
        .where('email', '=', email)
        .where('id', '>', minId)
        .where('password_hash', '=', 'x'),
    );
    expect(await find('b@example.com', 0)).toEqual([{ email: 'b@example.com' }]);
    expect(await find('a@example.com', 0)).toEqual([{ email: 'a@example.com' }]);
    expect(await find('a@example.com', 100)).toEqual([]);
  });

  it('refuses a placeholder that did not become a parameter', () => {
    const db = database.db;
    expect(() =>
      prepareQuery(db, [7] as [number], (_id: number) => db.selectFrom('users').select('id')),
    ).toThrow(/placeholder 0 did not become a parameter/);
  });
});
