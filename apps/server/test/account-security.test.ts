import { afterEach, describe, expect, it } from 'vitest';
import { argon2Hasher, type PasswordHasher } from '../src/features/accounts/passwords.ts';
import { createConfirmedUser, createTestApp, resetTokenFor, type TestApp } from './helpers.ts';

/*
 * Issue 31: accounts that hold against a determined attacker. Each block here failed on the code before it:
 * old reset links still worked, the branches of reset did different work, a password change left other
 * sessions signed in, and the current-password check had no throttle.
 */

let t: TestApp;
afterEach(async () => t?.close());

const session = (token: string) => t.request({ method: 'GET', url: '/api/internal/token/session', token });
const askReset = (email: string) =>
  t.request({ method: 'POST', url: '/api/internal/password-reset', payload: { email } });
const useReset = (token: string, password = 'a brand new tidewatch password') =>
  t.request({ method: 'POST', url: '/api/internal/password-reset/confirm', payload: { token, password } });
const changePassword = (token: string, current: string, next: string) =>
  t.request({
    method: 'POST',
    url: '/api/internal/password',
    token,
    payload: { current_password: current, new_password: next },
  });

describe('reset links: only the newest one works, and only until the password changes', () => {
  it('a second reset link ends the first', async () => {
    t = await createTestApp();
    const { email } = await createConfirmedUser(t);
    await askReset(email);
    const first = resetTokenFor(t, email);
    await askReset(email);
    const second = resetTokenFor(t, email);
    expect(second).not.toBe(first);
    expect((await useReset(first)).statusCode).toBe(410);
    expect((await useReset(second)).statusCode).toBe(200);
  });

  it('using a link ends every other outstanding one', async () => {
    t = await createTestApp();
    const { email } = await createConfirmedUser(t);
    await askReset(email);
    const first = resetTokenFor(t, email);
    // A second link issued straight into the table, as a race between two requests could leave it.
    await askReset(email);
    const second = resetTokenFor(t, email);
    await t.database.db
      .updateTable('email_tokens')
      .set({ used_at: null })
      .where('purpose', '=', 'reset_password')
      .execute();
    expect((await useReset(second)).statusCode).toBe(200);
    expect((await useReset(first, 'a third tidewatch password')).statusCode).toBe(410);
  });

  it('changing the password while signed in ends a reset link sent before', async () => {
    t = await createTestApp();
    const { email, password, token } = await createConfirmedUser(t);
    await askReset(email);
    const link = resetTokenFor(t, email);
    expect((await changePassword(token, password, 'a changed tidewatch password')).statusCode).toBe(200);
    expect((await useReset(link)).statusCode).toBe(410);
  });
});

describe('every account change ends the other sessions', () => {
  it('a password change keeps the session that made it and ends every other', async () => {
    t = await createTestApp();
    const { email, password, token: here } = await createConfirmedUser(t);
    const login = await t.request({
      method: 'POST',
      url: '/api/internal/auth',
      payload: { email, password },
    });
    const elsewhere = login.json().token as string;
    expect((await session(elsewhere)).statusCode).toBe(200);

    const changed = await changePassword(here, password, 'a changed tidewatch password');
    expect(changed.json().message).toBe('your password was changed and every other session logged out');
    expect((await session(here)).statusCode).toBe(200);
    expect((await session(elsewhere)).statusCode).toBe(401);
    // A session opened after the change is a normal one.
    const after = await t.request({
      method: 'POST',
      url: '/api/internal/auth',
      payload: { email, password: 'a changed tidewatch password' },
    });
    expect((await session(after.json().token)).statusCode).toBe(200);
  });

  it('a reset after a change keeps no session, the changing one included', async () => {
    t = await createTestApp();
    const { email, password, token } = await createConfirmedUser(t);
    await changePassword(token, password, 'a changed tidewatch password');
    await askReset(email);
    expect((await useReset(resetTokenFor(t, email))).statusCode).toBe(200);
    expect((await session(token)).statusCode).toBe(401);
  });
});

describe('the current-password check is throttled like a login', () => {
  it('five wrong passwords on change-password and delete-account, then 429 on both, the right one included', async () => {
    t = await createTestApp();
    const { password, token } = await createConfirmedUser(t);
    const deleteAccount = (attempt: string) =>
      t.request({ method: 'DELETE', url: '/api/internal/account', token, payload: { password: attempt } });
    for (let i = 0; i < 3; i++) {
      expect((await changePassword(token, `wrong ${i}`, 'a changed tidewatch password')).statusCode).toBe(
        400,
      );
    }
    for (let i = 0; i < 2; i++) expect((await deleteAccount(`wrong ${i}`)).statusCode).toBe(400);
    const blocked = await changePassword(token, password, 'a changed tidewatch password');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await deleteAccount(password)).statusCode).toBe(429);
    // Nothing changed: the password is still the old one.
    expect((await session(token)).statusCode).toBe(200);
  });
});

describe('the current-password check under guesses sent all at once', () => {
  it('checks at most five; the rest answer 429', async () => {
    t = await createTestApp();
    const { token } = await createConfirmedUser(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        changePassword(token, `wrong ${i}`, 'a changed tidewatch password'),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    // Counted before checking: at most five are checked (fewer when all arrive before any is counted,
    // as concurrent connections on PostgreSQL can); every other one is refused.
    expect(codes.every((code) => code === 400 || code === 429)).toBe(true);
    expect(codes.filter((code) => code === 400).length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(7);
  });
});

describe('timing: the same work on every branch of sign-up, login and reset', () => {
  /** The real hash, counting its calls: each branch must run it exactly once. */
  function countingHasher() {
    const counts = { hash: 0, verify: 0 };
    const hasher: PasswordHasher = {
      hash: (password) => {
        counts.hash += 1;
        return argon2Hasher.hash(password);
      },
      verify: (hash, password) => {
        counts.verify += 1;
        return argon2Hasher.verify(hash, password);
      },
    };
    const take = () => {
      const total = counts.hash + counts.verify;
      counts.hash = 0;
      counts.verify = 0;
      return total;
    };
    return { hasher, take };
  }

  it('runs the password hash exactly once on each branch', async () => {
    const counter = countingHasher();
    t = await createTestApp({ deps: { passwords: counter.hasher } });
    const { email, password } = await createConfirmedUser(t);
    counter.take();
    const post = (url: string, payload: object) => t.request({ method: 'POST', url, payload });

    const branches: Array<[string, () => Promise<unknown>]> = [
      ['reset, registered address', () => askReset(email)],
      ['reset, unknown address', () => askReset('nobody@example.com')],
      ['login, right password', () => post('/api/internal/auth', { email, password })],
      ['login, wrong password', () => post('/api/internal/auth', { email, password: 'not the password' })],
      ['login, unknown address', () => post('/api/internal/auth', { email: 'ghost@example.com', password })],
      ['sign-up, new address', () => post('/api/internal/signup', { email: 'new@example.com', password })],
      ['sign-up, taken address', () => post('/api/internal/signup', { email, password })],
      [
        'sign-up, unconfirmed address',
        () => post('/api/internal/signup', { email: 'new@example.com', password }),
      ],
    ];
    const counts: Record<string, number> = {};
    for (const [name, run] of branches) {
      await run();
      counts[name] = counter.take();
    }
    expect(counts).toEqual(Object.fromEntries(branches.map(([name]) => [name, 1])));
  });
});
