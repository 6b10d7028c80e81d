import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultThrottleLimits } from '../src/core/throttle/limits.ts';
import { createConfirmedUser, createTestApp, resetTokenFor, type TestApp } from './helpers.ts';

const loginThrottle = {
  freeFailuresPerPair: defaultThrottleLimits.loginPerAccountClient.limit,
  maxFailuresPerIp: defaultThrottleLimits.loginPerIp.limit,
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const login = (email: string, password: string, remoteAddress = '203.0.113.7') =>
  t.request({ method: 'POST', url: '/api/internal/auth', payload: { email, password }, remoteAddress });

/** Moves every counted failure `seconds` into the past (counts live in the database). */
const ageFailures = async (seconds: number) => {
  const rows = await t.database.db.selectFrom('throttle_hits').select(['id', 'created_at']).execute();
  for (const row of rows) {
    const earlier = new Date(Date.parse(row.created_at) - seconds * 1000).toISOString();
    await t.database.db
      .updateTable('throttle_hits')
      .set({ created_at: earlier })
      .where('id', '=', row.id)
      .execute();
  }
};

describe('failed-login throttling (issue 31: growing delays per address and client, no lockout)', () => {
  it('slows down the client that fails, with growing delays, while the owner logs in from elsewhere', async () => {
    const { email, password } = await createConfirmedUser(t);
    for (let i = 0; i < loginThrottle.freeFailuresPerPair; i++) {
      expect((await login(email, 'wrong password')).statusCode).toBe(401);
    }
    const slowed = await login(email, password);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'too many login attempts, try again in 1 minute',
    });
    expect(Number(slowed.headers['retry-after'])).toBe(30);
    // Nobody can lock the address for everyone: the owner, from another client, logs in.
    expect((await login(email, password, '198.51.100.20')).statusCode).toBe(200);

    // Once the delay has passed one more try is allowed; failing again doubles the wait.
    await ageFailures(31);
    expect((await login(email, 'wrong password')).statusCode).toBe(401);
    const longer = await login(email, password);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBe(60);
  });

  it('counts an IPv6 client by its /64: a new address in the same network gets no fresh tries', async () => {
    const { email, password } = await createConfirmedUser(t);
    for (let i = 0; i < loginThrottle.freeFailuresPerPair; i++) {
      expect((await login(email, 'wrong password', `2001:db8:7:7::${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login(email, password, '2001:db8:7:7:ffff::99')).statusCode).toBe(429);
    expect((await login(email, password, '2001:db8:7:8::1')).statusCode).toBe(200);
  });

  it('guesses sent all at once are counted before they are checked: at most five are checked', async () => {
    const { email, password } = await createConfirmedUser(t);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(email, `wrong guess ${i}`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((code) => code === 401 || code === 429)).toBe(true);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(
      loginThrottle.freeFailuresPerPair,
    );
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(
      12 - loginThrottle.freeFailuresPerPair,
    );
    // The owner, from their own client, is not held up.
    expect((await login(email, password, '198.51.100.77')).statusCode).toBe(200);
  });

  it('throttles unknown e-mails exactly like real ones', async () => {
    for (let i = 0; i < loginThrottle.freeFailuresPerPair; i++) await login('ghost@example.com', 'whatever');
    const blocked = await login('ghost@example.com', 'whatever');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(30);
  });

  it('throttles one IP trying many accounts', async () => {
    for (let i = 0; i < loginThrottle.maxFailuresPerIp; i++) {
      const response = await login(`spray-${i}@example.com`, 'Summer2024!', '192.0.2.1');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login('spray-new@example.com', 'Summer2024!', '192.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP is not affected.
    const other = await login('spray-new@example.com', 'Summer2024!', '192.0.2.2');
    expect(other.statusCode).toBe(401);
  });

  it('forgives earlier failures of the pair after a successful login', async () => {
    const { email, password } = await createConfirmedUser(t);
    for (let i = 0; i < loginThrottle.freeFailuresPerPair - 1; i++) await login(email, 'wrong password');
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await login(email, 'wrong password')).statusCode).toBe(401);
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('a successful password reset clears the address’s login failures from every client', async () => {
    const { email } = await createConfirmedUser(t);
    for (const client of ['203.0.113.7', '203.0.113.8']) {
      for (let i = 0; i < loginThrottle.freeFailuresPerPair; i++)
        await login(email, 'wrong password', client);
      expect((await login(email, 'still wrong', client)).statusCode).toBe(429);
    }
    await t.request({ method: 'POST', url: '/api/internal/password-reset', payload: { email } });
    const token = await resetTokenFor(t, email);
    const reset = await t.request({
      method: 'POST',
      url: '/api/internal/password-reset/confirm',
      payload: { token, password: 'a brand new tidewatch password' },
    });
    expect(reset.statusCode).toBe(200);
    for (const client of ['203.0.113.7', '203.0.113.8']) {
      expect((await login(email, 'a brand new tidewatch password', client)).statusCode).toBe(200);
    }
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  it('throttles per forwarded client address, not per proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const attempt = (client: string, i: number) =>
        proxied.request({
          method: 'POST',
          url: '/api/internal/auth',
          payload: { email: `p-${client}-${i}@example.com`, password: 'nope nope' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < loginThrottle.maxFailuresPerIp; i++) await attempt('198.51.100.1', i);
      expect((await attempt('198.51.100.1', 99)).statusCode).toBe(429);
      expect((await attempt('198.51.100.2', 99)).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
