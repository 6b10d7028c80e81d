import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultThrottleLimits, type ThrottleName } from '../src/core/throttle/limits.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { alice } from './wallets-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const countRows = async (table: 'waitlist_signups' | 'contact_messages' | 'siwe_nonces') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

type Case = {
  url: string;
  throttle: ThrottleName;
  okStatus: number;
  table: 'waitlist_signups' | 'contact_messages' | 'siwe_nonces';
  payload: (i: number) => Record<string, string>;
  message: string;
};

const cases: Case[] = [
  {
    url: '/api/internal/waitlist',
    throttle: 'waitlistPerIp',
    okStatus: 201,
    table: 'waitlist_signups',
    payload: (i) => ({ email: `wait-${i}@example.com`, tokens: 'MATIC' }),
    message: 'too many waitlist sign-ups, try again in 60 minutes',
  },
  {
    url: '/api/internal/contact',
    throttle: 'contactPerIp',
    okStatus: 201,
    table: 'contact_messages',
    payload: (i) => ({ email: `contact-${i}@example.com`, concerns: 'rug pulls' }),
    message: 'too many messages, try again in 60 minutes',
  },
  {
    url: '/api/wallets/sign-up/message',
    throttle: 'walletSignUpMessagePerIp',
    okStatus: 200,
    table: 'siwe_nonces',
    payload: () => ({ address: alice.address }),
    message: 'too many wallet sign-up requests, try again in 10 minutes',
  },
];

describe.each(cases)('$url throttled per IP', ({ url, throttle, okStatus, table, payload, message }) => {
  const { limit, windowMs } = defaultThrottleLimits[throttle];
  const send = (i: number, remoteAddress = '203.0.113.7') =>
    t.request({ method: 'POST', url, payload: payload(i), remoteAddress });

  it(`stores at most ${limit} per IP, then answers 429 with Retry-After and stores nothing`, async () => {
    for (let i = 0; i < limit; i++) {
      const response = await send(i);
      expect(response.statusCode, response.body).toBe(okStatus);
    }
    const blocked = await send(limit);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message,
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(windowMs / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
    expect(await countRows(table)).toBe(limit);

    // Another IP is not affected.
    expect((await send(limit + 1, '203.0.113.8')).statusCode).toBe(okStatus);
    expect(await countRows(table)).toBe(limit + 1);
  });

  it('lets the IP in again once the window has passed', async () => {
    for (let i = 0; i < limit; i++) await send(i);
    expect((await send(limit)).statusCode).toBe(429);
    const past = new Date(Date.now() - windowMs - 1000).toISOString();
    await t.database.db.updateTable('throttle_hits').set({ created_at: past }).execute();
    expect((await send(limit)).statusCode).toBe(okStatus);
  });
});

describe('concurrent requests', () => {
  it('cannot together slip past a limit', async () => {
    const tuned = await createTestApp({
      deps: { throttles: { contactPerIp: { limit: 3, windowMs: 60_000 } } },
    });
    try {
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          tuned.request({
            method: 'POST',
            url: '/api/internal/contact',
            payload: { email: `race-${i}@example.com` },
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(3);
      expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
      const stored = await tuned.database.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(statuses.filter((status) => status === 201).length);
    } finally {
      await tuned.close();
    }
  });
});
