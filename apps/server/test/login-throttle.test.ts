import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultThrottleLimits } from '../src/throttle/limits.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

const loginThrottle = {
  windowMs: defaultThrottleLimits.loginPerAccount.windowMs,
  maxFailuresPerAccount: defaultThrottleLimits.loginPerAccount.limit,
  maxFailuresPerIp: defaultThrottleLimits.loginPerIp.limit,
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const login = (email: string, password: string, remoteAddress = '203.0.113.7') =>
  t.request({ method: 'POST', url: '/api/internal/auth', payload: { email, password }, remoteAddress });

describe('failed-login throttling', () => {
  it('answers 429 with Retry-After after too many failures for one account, even with the right password', async () => {
    const { email, password } = await createConfirmedUser(t);
    for (let i = 0; i < loginThrottle.maxFailuresPerAccount; i++) {
      const response = await login(email, 'wrong password', `198.51.100.${i}`);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(email, password, '198.51.100.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'too many login attempts, try again in 15 minutes',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('throttles unknown e-mails exactly like real ones', async () => {
    for (let i = 0; i < loginThrottle.maxFailuresPerAccount; i++)
      await login('ghost@example.com', 'whatever');
    const blocked = await login('ghost@example.com', 'whatever');
    expect(blocked.statusCode).toBe(429);
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

  it('frees the account once the window has passed (counts live in the database)', async () => {
    const { email, password } = await createConfirmedUser(t);
    for (let i = 0; i < loginThrottle.maxFailuresPerAccount; i++) await login(email, 'wrong password');
    expect((await login(email, password)).statusCode).toBe(429);
    const past = new Date(Date.now() - loginThrottle.windowMs - 1000).toISOString();
    await t.database.db.updateTable('throttle_hits').set({ created_at: past }).execute();
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('forgives earlier failures of the account after a successful login', async () => {
    const { email, password } = await createConfirmedUser(t);
    for (let i = 0; i < loginThrottle.maxFailuresPerAccount - 1; i++) await login(email, 'wrong password');
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await login(email, 'wrong password')).statusCode).toBe(401);
    expect((await login(email, password)).statusCode).toBe(200);
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
