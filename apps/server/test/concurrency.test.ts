import { createHash } from 'node:crypto';
import { csrfCookieName, csrfHeaderName } from '@tidewatch/shared';
import { type FarmKey, quickswapFarmUrl } from '@tidewatch/testkit';
import { type Address, isAddressEqual } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultThrottleLimits } from '../src/core/throttle/limits.ts';
import type { PasswordHasher } from '../src/features/accounts/passwords.ts';
import { createFarmUser, type FarmsWorld, importWorldFarms, startFarmsWorld } from './farms-setup.ts';

// Issue 16: 200 logged-in sessions at once for 60 s over real HTTP, mixing reads and writes (tracking,
// refreshes, wizard imports racing for the same farms). Nothing fails, nothing answers 5xx, and every
// write that was answered is in the database at the end. SQLite here, PostgreSQL in `npm run test:pg`.
// 10 s in CI on each database: the races (tracking, refreshes, imports of the same farms) meet within seconds (every
// kind of request has run hundreds of times by then; 6 s was tried: on PostgreSQL in a loaded CI run no session had
// tracked and then refreshed yet), and the minute was a minute of both cores in the unit and PostgreSQL stages. `npm run bench:sessions` runs issue 16's
// whole minute on PostgreSQL and prints its figures (decision 037).
const sessionCount = 200;
const durationSeconds = Number(process.env.CONCURRENCY_SECONDS ?? 10);
/** Sessions that open with a tracking and its refresh. */
const openingRefreshes = 12;
const tracked: FarmKey[] = ['wmaticUsdc', 'wethUsdc', 'dualWethWmatic'];
const raced: FarmKey[] = ['wbtcUsdc', 'mkrUsdc', 'quickWmaticEnded', 'dualDquickUsdcPaused'];
const wizardPaths = {
  lp: '/api/quickswap/lp_mining_farm_import_guide/next-state',
  dual: '/api/quickswap/dual-mining/next-state',
} as const;

type Session = {
  userId: number;
  headers: Record<string, string>;
  tracks: Set<FarmKey>;
  refreshes: { key: FarmKey; block: number }[];
  refreshesLeft: number;
};

/**
 * The 200 sign-ups and log-ins are this test's set-up, not its load (nothing in the run logs in): a quick stand-in
 * for argon2, whose 400 hashes were half the file's time. The account tests keep argon2 and count its calls.
 */
const quickHasher: PasswordHasher = {
  hash: async (password) => `sha256:${createHash('sha256').update(password).digest('hex')}`,
  verify: async (passwordHash, password) =>
    passwordHash === `sha256:${createHash('sha256').update(password).digest('hex')}`,
};

let w: FarmsWorld;
let base: string;
let sessions: Session[];

beforeAll(async () => {
  // Sign-up and log-in of 200 accounts from one address would hit the per-IP throttles; refreshes keep
  // their real per-user limit (the sessions stay under it).
  const open = { limit: 1_000_000, windowMs: 60_000 };
  w = await startFarmsWorld({
    throttles: { signUpPerIp: open, loginPerIp: open, signUpPerEmail: open, loginPerAccountClient: open },
    passwords: quickHasher,
  });
  await importWorldFarms(w, tracked);
  const csrf = await w.testApp.csrf();
  const csrfHeaders = {
    cookie: `${csrfCookieName}=${csrf.cookies[csrfCookieName]}`,
    [csrfHeaderName]: csrf.headers[csrfHeaderName]!,
  };
  sessions = [];
  for (let i = 0; i < sessionCount; i++) {
    const user = await createFarmUser(w, [w.t.world.accounts.user.address], `session-${i}@example.com`);
    sessions.push({
      userId: user.userId,
      headers: { ...csrfHeaders, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      tracks: new Set(),
      refreshes: [],
      refreshesLeft: defaultThrottleLimits.farmRefreshesPerUser.limit - 5,
    });
  }
  base = await w.testApp.app.listen({ port: 0, host: '127.0.0.1' });
}, 300_000);
afterAll(() => w?.close());

describe('200 concurrent sessions', () => {
  it('answer every mixed read and write for the whole run without an error, and lose no write', async () => {
    const wallet = w.t.world.accounts.user.address;
    const failures: string[] = [];
    const completedImports = new Map<FarmKey, number>();
    let requests = 0;
    let seed = 20261123;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

    async function call(session: Session, method: string, path: string, body?: unknown, expected = [200]) {
      requests += 1;
      try {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: session.headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const answer = (await response.json()) as Record<string, unknown>;
        if (!expected.includes(response.status))
          failures.push(`${method} ${path} ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`);
        return { status: response.status, body: answer };
      } catch (error) {
        failures.push(`${method} ${path}: ${error instanceof Error ? error.message : error}`);
        return { status: 0, body: {} };
      }
    }

    async function importFarm(session: Session, key: FarmKey) {
      const farm = w.t.world.farms[key];
      let state = await call(
        session,
        'POST',
        wizardPaths[farm.kind],
        {
          name: 'NOT_STARTED',
          event: 'PARSE_URL',
          params: { url: quickswapFarmUrl(farm), account_address: wallet },
        },
        [200, 409],
      );
      // 409: another session imported it first, a right answer to a race.
      for (let step = 0; step < 40 && state.status === 200 && state.body.name !== 'completed'; step++) {
        const events = state.body.events as string[];
        state = await call(
          session,
          'POST',
          wizardPaths[farm.kind],
          { name: state.body.name, event: events[0], params: state.body.data },
          [200, 409],
        );
      }
      if (state.body.name === 'completed') completedImports.set(key, (completedImports.get(key) ?? 0) + 1);
    }

    async function track(session: Session, key: FarmKey) {
      const farm = w.t.world.farms[key];
      const path =
        farm.kind === 'lp' ? '/api/quickswap/track-farmable-pool' : '/api/quickswap/dual-mining/tracked-farm';
      const answer = await call(session, 'POST', path, {
        farm_address: farm.address,
        wallet_address: wallet,
      });
      if (answer.status === 200) session.tracks.add(key);
      return answer;
    }

    async function refresh(session: Session, key: FarmKey) {
      if (!session.tracks.has(key) || session.refreshesLeft === 0) return;
      session.refreshesLeft -= 1;
      const farm = w.t.world.farms[key];
      const answer =
        farm.kind === 'lp'
          ? await call(session, 'POST', '/api/quickswap/create-snapshots', {
              address: farm.address,
              account_address: wallet,
            })
          : await call(session, 'POST', '/api/quickswap/dual-mining/snapshots', {
              farm_address: farm.address,
              account_address: wallet,
            });
      const position = answer.body.farm_position_snapshot as { block_number: number } | null | undefined;
      if (answer.status === 200 && position) session.refreshes.push({ key, block: position.block_number });
      return answer;
    }

    async function step(session: Session) {
      const roll = random();
      const key = pick(tracked);
      const farm = w.t.world.farms[key];
      if (roll < 0.35) return call(session, 'GET', '/api/quickswap/tracked-summary');
      if (roll < 0.5) return call(session, 'GET', '/api/quickswap/farmable-pools');
      if (roll < 0.6) {
        const account = session.tracks.has(key) ? `?account=${wallet}` : '';
        return call(session, 'GET', `/api/quickswap/farm/details/${farm.address}${account}`);
      }
      if (roll < 0.75) return track(session, key);
      if (roll < 0.9) return refresh(session, key);
      return importFarm(session, pick(raced));
    }

    const deadline = Date.now() + durationSeconds * 1000;
    await Promise.all(
      sessions.map(async (session, index) => {
        // A few sessions open with a tracking and its refresh, so refreshes race the rest however slow the run
        // (on a loaded PostgreSQL a random walk of ~7 steps per session once made none).
        if (index < openingRefreshes) {
          const key = tracked[index % tracked.length]!;
          await track(session, key);
          await refresh(session, key);
        }
        while (Date.now() < deadline) await step(session);
      }),
    );
    console.log(
      `bench:sessions sessions=${sessionCount} seconds=${durationSeconds} requests=${requests} failures=${failures.length} database=${process.env.TEST_DATABASE_URL ? 'postgresql' : 'sqlite'}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    // Every session went round several times (the 10 s of CI on a loaded machine: ~1,400 on SQLite).
    expect(requests).toBeGreaterThan(sessionCount * 3);

    // No lost writes: every answered tracking is a row, every answered refresh a stored position
    // snapshot at its block, every farm a session was told it imported is there, once.
    const db = w.testApp.database.db;
    const farmIds = new Map<string, FarmKey>();
    for (const row of await db.selectFrom('farms').select(['id', 'address']).execute()) {
      const key = (Object.keys(w.t.world.farms) as FarmKey[]).find((k) =>
        isAddressEqual(w.t.world.farms[k].address, row.address as Address),
      );
      if (key) farmIds.set(String(row.id), key);
    }
    const rows = await db.selectFrom('tracked_farms').select(['user_id', 'farm_id']).execute();
    for (const session of sessions) {
      const stored = new Set(
        rows.filter((r) => r.user_id === session.userId).map((r) => farmIds.get(String(r.farm_id))),
      );
      expect([...stored].sort()).toEqual([...session.tracks].sort());
    }
    const positions = await db.selectFrom('position_snapshots').select(['farm_id', 'block_number']).execute();
    const storedPositions = new Set(
      positions.map((p) => `${farmIds.get(String(p.farm_id))} ${Number(p.block_number)}`),
    );
    const refreshes = sessions.flatMap((s) => s.refreshes);
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.filter((r) => !storedPositions.has(`${r.key} ${r.block}`))).toEqual([]);
    const imported = raced.filter((key) => [...farmIds.values()].includes(key));
    expect(imported.length).toBeGreaterThan(0);
    // Two sessions past PARSE_URL before either finished both complete (the import is an upsert): the farm
    // is still one row; a farm some session was told is imported is in the database.
    for (const key of raced) expect((completedImports.get(key) ?? 0) > 0).toBe(imported.includes(key));
    const addresses = (await db.selectFrom('farms').select('address').execute()).map((f) =>
      f.address.toLowerCase(),
    );
    expect(new Set(addresses).size).toBe(addresses.length);
  }, 600_000);
});
