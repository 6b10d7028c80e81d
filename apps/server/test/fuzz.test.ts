import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, databaseFingerprint } from '../fuzz/fingerprint.ts';
import { fuzzApp } from '../fuzz/run.ts';
import { createFarmUser, type FarmsWorld, importWorldFarms, startFarmsWorld } from './farms-setup.ts';

// Every operation of the OpenAPI document, fed generated input (valid-shaped and hostile: wrong types,
// huge strings, unicode, prototype keys, numbers at the edges, missing and extra fields), with and without
// a session, against the local chain: no 5xx, every 4xx with the error body. A fixed seed, ~50 cases per
// operation (15 in the PostgreSQL pass: the same operations reach the same queries; the extra cases vary only the
// input the schemas refuse before any query, and CI's time is kept under its limit); `npm run fuzz` runs 1,000.
let w: FarmsWorld;
beforeAll(async () => {
  w = await startFarmsWorld({ throttles: {} });
  await importWorldFarms(w, ['wethUsdc', 'dualWethWmatic']);
}, 60_000);
afterAll(() => w?.close());

describe('fuzzing every operation', () => {
  it('never answers 5xx, every 4xx carries the error body, and a refused request writes nothing', async () => {
    const user = await createFarmUser(w, [w.t.world.accounts.user.address]);
    const report = await fuzzApp(w.testApp.app, {
      runs: w.testApp.database.dialect === 'postgres' ? 15 : 50,
      seed: 20261123,
      token: user.token,
      csrf: await w.testApp.csrf(),
      db: w.testApp.database.db,
      // Logging out or deleting the account would end the session the other cases use.
      skip: (op) =>
        op.path === '/api/internal/logout' || (op.path === '/api/internal/account' && op.method === 'DELETE'),
    });
    console.log(
      `fuzz: ${report.requests} requests, ${report.operations} operations, ${report.serverErrors.length} 5xx`,
    );
    expect(report.operations).toBeGreaterThan(40);
    expect(report.serverErrors).toEqual([]);
    expect(report.badBodies).toEqual([]);
    expect(report.writesByRefused).toEqual([]);
  }, 600_000);

  it('tells a write apart: the fingerprint names the table a row was added to', async () => {
    const before = await databaseFingerprint(w.testApp.database.db);
    await w.testApp.database.db
      .insertInto('waitlist_signups')
      .values({ email: 'fingerprint@example.com', created_at: new Date().toISOString() })
      .execute();
    expect(changedTables(before, await databaseFingerprint(w.testApp.database.db))).toEqual([
      'waitlist_signups',
    ]);
  });
});
