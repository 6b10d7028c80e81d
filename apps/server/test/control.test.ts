import { testAccounts } from '@tidewatch/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmUser, type FarmsWorld, importWorldFarms, startFarmsWorld } from './farms-setup.ts';
import { createConfirmedUser } from './helpers.ts';

// Watch-only addresses, untracking, removing wallets, password reset and change, deleting an account:
// on the local chain and the database of the run (SQLite, and PostgreSQL in `npm run test:pg`).
let w: FarmsWorld;
const watched = testAccounts.user.address; // holds stakes, never signs here
const db = () => w.testApp.database.db;
const request = (...args: Parameters<FarmsWorld['testApp']['request']>) => w.testApp.request(...args);

beforeAll(async () => {
  w = await startFarmsWorld();
  await importWorldFarms(w, ['wethUsdc', 'wbtcUsdc']);
}, 60_000);
afterAll(() => w?.close());

async function count(table: string, where = '1 = 1'): Promise<number> {
  const result = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(table)} where ${sql.raw(where)}`.execute(db());
  return Number(result.rows[0]!.n);
}

/** Rows that belong to no tracked pair or to no user: there must be none after any removal. */
async function orphans(): Promise<Record<string, number>> {
  const pairTables = [
    ['snapshot_schedule', 'wallet_address'],
    ['history_backfills', 'wallet_address'],
  ] as const;
  const result: Record<string, number> = {};
  for (const [table, column] of pairTables) {
    result[table] = await count(
      table,
      `not exists (select 1 from tracked_farms t where t.farm_id = ${table}.farm_id and t.wallet_address = ${table}.${column})`,
    );
  }
  result.tracked_farms = await count(
    'tracked_farms',
    'not exists (select 1 from users u where u.id = tracked_farms.user_id)',
  );
  result.wallets = await count('wallets', 'not exists (select 1 from users u where u.id = wallets.user_id)');
  result.tracked_without_wallet = await count(
    'tracked_farms',
    'not exists (select 1 from wallets x where x.user_id = tracked_farms.user_id and x.address = tracked_farms.wallet_address)',
  );
  return result;
}
const noOrphans = {
  snapshot_schedule: 0,
  history_backfills: 0,
  tracked_farms: 0,
  wallets: 0,
  tracked_without_wallet: 0,
};

/** What the scheduler's next tick would add: a schedule and a history row per tracked pair. */
async function reconcile() {
  const { reconcileSchedule } = await import('../src/core/jobs/schedule-repository.ts');
  const { reconcileBackfills } = await import('../src/core/history/repository.ts');
  await reconcileSchedule(db(), new Date(), 3_600_000);
  await reconcileBackfills(db(), new Date(), false);
}

describe('watch-only addresses', () => {
  it('adds an address without signing, marked watch-only, usable for tracking', async () => {
    const user = await createFarmUser(w);
    const added = await request({
      method: 'POST',
      url: '/api/wallets/watch',
      token: user.token,
      payload: { address: watched.toLowerCase(), name: 'cold wallet' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().wallet).toMatchObject({ address: watched, name: 'cold wallet', is_watch_only: true });
    const list = await request({ method: 'GET', url: '/api/wallets/connected', token: user.token });
    expect(list.json().wallets).toEqual([expect.objectContaining({ address: watched, is_watch_only: true })]);
    const tracked = await request({
      method: 'POST',
      url: '/api/quickswap/track-farmable-pool',
      token: user.token,
      payload: { farm_address: w.t.world.farms.wethUsdc.address, wallet_address: watched },
    });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json().item.farm_position_snapshot).not.toBeNull();
  });

  it('refuses a contract and a malformed address (400 naming the field), a second copy, and past 20 (409)', async () => {
    const user = await createFarmUser(w);
    const watch = (address: string) =>
      request({ method: 'POST', url: '/api/wallets/watch', token: user.token, payload: { address } });
    const contract = await watch(w.t.world.farms.wethUsdc.address);
    expect(contract.statusCode).toBe(400);
    expect(contract.json().details[0]).toMatchObject({ field: 'body.address' });
    expect(contract.json().message).toMatch(/contract/);
    const malformed = await watch('0x1234');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].field).toBe('body.address');
    for (let i = 1; i <= 20; i++) {
      expect((await watch(`0x${i.toString(16).padStart(40, '0')}`)).statusCode).toBe(201);
    }
    expect((await watch(`0x${'1'.padStart(40, '0')}`)).statusCode).toBe(409);
    const over = await watch(`0x${'ff'.padStart(40, '0')}`);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/at most 20/);
    expect(over.json().limit).toBe(20);
    expect(await count('wallets', `user_id = ${user.userId}`)).toBe(20);
  });
});

describe('untrack and remove', () => {
  it('untracks a farm and keeps its history, unless asked to delete it too', async () => {
    const user = await createFarmUser(w, [watched]);
    const farm = w.t.world.farms.wbtcUsdc.address;
    const track = () =>
      request({
        method: 'POST',
        url: '/api/quickswap/track-farmable-pool',
        token: user.token,
        payload: { farm_address: farm, wallet_address: watched },
      });
    expect((await track()).statusCode).toBe(200);
    await reconcile();
    const snapshots = () =>
      count(
        'position_snapshots',
        `account_address = '${watched}' and farm_id = (select id from farms where address = '${farm}')`,
      );
    const before = await snapshots();
    expect(before).toBeGreaterThan(0);
    const untrack = (query: string) =>
      request({ method: 'DELETE', url: `/api/quickswap/tracked/${farm}?${query}`, token: user.token });
    const kept = await untrack(`wallet_address=${watched}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ untracked: true, deleted_snapshots: 0 });
    expect(await snapshots()).toBe(before);
    expect((await untrack(`wallet_address=${watched}`)).statusCode).toBe(404);
    expect(await orphans()).toEqual(noOrphans);

    expect((await track()).statusCode).toBe(200);
    const all = await snapshots();
    const dropped = await untrack(`wallet_address=${watched}&delete_history=true`);
    expect(dropped.json()).toEqual({ untracked: true, deleted_snapshots: all });
    expect(await snapshots()).toBe(0);
    const bad = await untrack('wallet_address=nope&delete_history=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['querystring.wallet_address', 'querystring.delete_history']),
    );
  });

  it('removes a wallet with its tracking, after saying what will be deleted', async () => {
    const user = await createFarmUser(w, [watched]);
    const farm = w.t.world.farms.wbtcUsdc.address;
    await request({
      method: 'POST',
      url: '/api/quickswap/track-farmable-pool',
      token: user.token,
      payload: { farm_address: farm, wallet_address: watched },
    });
    await reconcile();
    const wallets = (
      await request({ method: 'GET', url: '/api/wallets/connected', token: user.token })
    ).json().wallets;
    const id = wallets[0].id as number;
    const preview = await request({ method: 'GET', url: `/api/wallets/${id}/removal`, token: user.token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ tracked_farms: 1, wallet: { address: watched } });
    const removed = await request({ method: 'DELETE', url: `/api/wallets/${id}`, token: user.token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual(preview.json());
    expect(await count('wallets', `user_id = ${user.userId}`)).toBe(0);
    expect(await count('tracked_farms', `user_id = ${user.userId}`)).toBe(0);
    expect(await orphans()).toEqual(noOrphans);
    const other = await createFarmUser(w);
    expect(
      (await request({ method: 'DELETE', url: `/api/wallets/${id}`, token: other.token })).statusCode,
    ).toBe(404);
  });
});

describe('account basics', () => {
  const resetTokenIn = (to: string) => {
    const mail = w.testApp.outbox.filter((m) => m.to === to).at(-1);
    return mail?.text.match(/\/reset-password\?token=([\w-]+)/)?.[1];
  };

  it('resets a forgotten password through a single-use link, logging out every session', async () => {
    const { email, token } = await createConfirmedUser(w.testApp);
    const ask = (address: string) =>
      request({ method: 'POST', url: '/api/internal/password-reset', payload: { email: address } });
    const known = await ask(email);
    const unknown = await ask('nobody-here@example.com');
    // The answer never says whether the address has an account.
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(w.testApp.outbox.some((m) => m.to === 'nobody-here@example.com')).toBe(false);
    const link = resetTokenIn(email)!;
    expect(link).toBeDefined();

    const reset = (resetToken: string, password = 'a brand new password 2026') =>
      request({
        method: 'POST',
        url: '/api/internal/password-reset/confirm',
        payload: { token: resetToken, password },
      });
    const done = await reset(link);
    expect(done.statusCode).toBe(200);
    // The session from before the reset has ended; the new password logs in.
    expect((await request({ method: 'GET', url: '/api/internal/token/session', token })).statusCode).toBe(
      401,
    );
    const login = await request({
      method: 'POST',
      url: '/api/internal/auth',
      payload: { email, password: 'a brand new password 2026' },
    });
    expect(login.statusCode).toBe(200);
    expect(
      (await request({ method: 'GET', url: '/api/internal/token/session', token: login.json().token }))
        .statusCode,
    ).toBe(200);

    // Reused, forged, expired: one clear message, nothing changed.
    const reused = await reset(link, 'yet another password 2026');
    expect(reused.statusCode).toBe(410);
    expect(reused.json().message).toMatch(/expired or was already used/);
    expect((await reset('forged-token-value')).json().message).toBe(reused.json().message);
    await ask(email);
    const fresh = resetTokenIn(email)!;
    await sql`update email_tokens set expires_at = ${new Date(Date.now() - 1000).toISOString()} where purpose = 'reset_password' and used_at is null`.execute(
      db(),
    );
    expect((await reset(fresh, 'yet another password 2026')).json().message).toBe(reused.json().message);
    const still = await request({
      method: 'POST',
      url: '/api/internal/auth',
      payload: { email, password: 'a brand new password 2026' },
    });
    expect(still.statusCode).toBe(200);
  });

  it('throttles reset requests per address like the other public forms', async () => {
    const email = 'throttled@example.com';
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (await request({ method: 'POST', url: '/api/internal/password-reset', payload: { email } }))
        .statusCode;
    }
    expect(last).toBe(429);
  });

  it('changes the password when the current one is right', async () => {
    const { email, token, password } = await createConfirmedUser(w.testApp);
    const change = (current: string) =>
      request({
        method: 'POST',
        url: '/api/internal/password',
        token,
        payload: { current_password: current, new_password: 'changed password for tests' },
      });
    const wrong = await change('not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('body.current_password');
    const same = await request({
      method: 'POST',
      url: '/api/internal/password',
      token,
      payload: { current_password: password, new_password: password },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().details[0]).toEqual({
      field: 'body.new_password',
      message: 'the new password is the same as the current one',
    });
    expect((await change(password)).statusCode).toBe(200);
    const login = await request({
      method: 'POST',
      url: '/api/internal/auth',
      payload: { email, password: 'changed password for tests' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('deletes the account and all its data after the password, leaving no orphan rows', async () => {
    const { token, password, email } = await createConfirmedUser(w.testApp);
    const id = Number(
      (await sql<{ id: number }>`select id from users where email = ${email}`.execute(db())).rows[0]!.id,
    );
    await request({ method: 'POST', url: '/api/wallets/watch', token, payload: { address: watched } });
    await request({
      method: 'POST',
      url: '/api/quickswap/track-farmable-pool',
      token,
      payload: { farm_address: w.t.world.farms.wethUsdc.address, wallet_address: watched },
    });
    await reconcile();
    const wrong = await request({
      method: 'DELETE',
      url: '/api/internal/account',
      token,
      payload: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await count('users', `id = ${id}`)).toBe(1);
    const deleted = await request({
      method: 'DELETE',
      url: '/api/internal/account',
      token,
      payload: { password },
    });
    expect(deleted.statusCode).toBe(204);
    for (const table of ['users', 'wallets', 'tracked_farms', 'email_tokens']) {
      expect(await count(table, table === 'users' ? `id = ${id}` : `user_id = ${id}`)).toBe(0);
    }
    expect(await orphans()).toEqual(noOrphans);
    expect((await request({ method: 'GET', url: '/api/internal/token/session', token })).statusCode).toBe(
      401,
    );
  });
});
