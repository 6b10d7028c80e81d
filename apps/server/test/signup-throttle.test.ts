import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultThrottleLimits } from '../src/core/throttle/limits.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const perEmail = defaultThrottleLimits.signUpPerEmail;
const perIp = defaultThrottleLimits.signUpPerIp;
const password = 'a long enough passphrase';

const signUp = (email: string, remoteAddress = '203.0.113.7') =>
  t.request({ method: 'POST', url: '/api/internal/signup', payload: { email, password }, remoteAddress });

const mailsTo = (email: string) => t.outbox.filter((message) => message.to === email).length;
const countUsers = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('sign-up throttling per e-mail address', () => {
  it('sends at most the limit of e-mails to one address, from any IPs, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < perEmail.limit; i++) {
      const response = await signUp('target@example.com', `198.51.100.${i}`);
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(mailsTo('target@example.com')).toBe(perEmail.limit);

    const blocked = await signUp('Target@Example.com', '198.51.100.200');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: 'too many sign-up attempts, try again in 60 minutes',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    // Nothing was sent past the limit.
    expect(mailsTo('target@example.com')).toBe(perEmail.limit);

    // Another address from the same IP is not affected.
    expect((await signUp('someone-else@example.com', '198.51.100.200')).statusCode).toBe(201);
  });

  it('answers an over-limit registered address exactly like an unknown one', async () => {
    const { email: registered } = await createConfirmedUser(t, 'owner@example.com');
    // createConfirmedUser signed up once already.
    for (let i = 1; i < perEmail.limit; i++) await signUp(registered, `198.51.100.${i}`);
    for (let i = 0; i < perEmail.limit; i++) await signUp('nobody@example.com', `192.0.2.${i}`);
    const mailsBefore = t.outbox.length;

    const forRegistered = await signUp(registered, '198.51.100.99');
    const forUnknown = await signUp('nobody@example.com', '192.0.2.99');
    expect(forRegistered.statusCode).toBe(429);
    expect(forRegistered.body).toBe(forUnknown.body);
    expect(forRegistered.headers['retry-after']).toBeDefined();
    expect(t.outbox.length).toBe(mailsBefore);
  });

  it('allows the address again once the window has passed', async () => {
    for (let i = 0; i < perEmail.limit; i++) await signUp('later@example.com', `198.51.100.${i}`);
    expect((await signUp('later@example.com')).statusCode).toBe(429);
    const past = new Date(Date.now() - perEmail.windowMs - 1000).toISOString();
    await t.database.db.updateTable('throttle_hits').set({ created_at: past }).execute();
    expect((await signUp('later@example.com')).statusCode).toBe(201);
  });
});

describe('sign-up throttling per IP', () => {
  it('creates at most the limit of accounts from one IP, then answers 429; other IPs still sign up', async () => {
    for (let i = 0; i < perIp.limit; i++) {
      const response = await signUp(`bulk-${i}@example.com`, '192.0.2.1');
      expect(response.statusCode, response.body).toBe(201);
    }
    const blocked = await signUp('bulk-new@example.com', '192.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('too many sign-up attempts, try again in 60 minutes');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countUsers()).toBe(perIp.limit);
    expect(mailsTo('bulk-new@example.com')).toBe(0);

    expect((await signUp('bulk-new@example.com', '192.0.2.2')).statusCode).toBe(201);
    expect(await countUsers()).toBe(perIp.limit + 1);
  });

  it('takes its limits from buildApp deps', async () => {
    const tuned = await createTestApp({
      deps: { throttles: { signUpPerIp: { limit: 2, windowMs: 60_000 } } },
    });
    try {
      const attempt = (i: number) =>
        tuned.request({
          method: 'POST',
          url: '/api/internal/signup',
          payload: { email: `tuned-${i}@example.com`, password },
        });
      expect((await attempt(1)).statusCode).toBe(201);
      expect((await attempt(2)).statusCode).toBe(201);
      const blocked = await attempt(3);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe('too many sign-up attempts, try again in 1 minute');
    } finally {
      await tuned.close();
    }
  });
});
