import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitBytes } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const waitlist = { method: 'POST', url: '/api/internal/waitlist' } as const;

describe('CSRF', () => {
  it('sets a readable, SameSite=Lax csrftoken cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/internal/csrf_cookie' });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'csrftoken');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('accepts a request whose header echoes the signed cookie', async () => {
    const response = await t.request({ ...waitlist, payload: { email: 'csrf-ok@example.com' } });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['no cookie and no header', {}, {}],
    ['a cookie but no header', { csrftoken: 'COOKIE' }, {}],
    ['a header but no cookie', {}, { 'x-csrftoken': 'COOKIE' }],
  ])('refuses %s with 403 CSRF_FAILED', async (_, cookies, headers) => {
    const { cookies: good } = await t.csrf();
    const value = good.csrftoken!;
    const fill = (record: Record<string, string>) =>
      Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v === 'COOKIE' ? value : v]));
    const response = await t.app.inject({
      ...waitlist,
      payload: { email: 'csrf@example.com' },
      cookies: fill(cookies),
      headers: fill(headers),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, code: 'CSRF_FAILED' });
  });

  it('refuses a header that differs from the cookie', async () => {
    const a = await t.csrf();
    const b = await t.csrf();
    const response = await t.app.inject({
      ...waitlist,
      payload: { email: 'csrf@example.com' },
      cookies: a.cookies,
      headers: b.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_FAILED');
  });

  it.each([
    ['an unsigned value', 'just-a-random-value'],
    ['a forged signature', 'bm9uY2U.Zm9yZ2Vk'],
    [
      'a value signed with another key',
      `abc.${createHmac('sha256', 'other').update('abc').digest('base64url')}`,
    ],
  ])('refuses %s even when header and cookie match', async (_, value) => {
    const response = await t.app.inject({
      ...waitlist,
      payload: { email: 'csrf@example.com' },
      cookies: { csrftoken: value },
      headers: { 'x-csrftoken': value },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_FAILED');
  });

  it.each([['/%61pi/internal/waitlist'], ['/api/internal/%77aitlist']])(
    'checks a percent-encoded API path (%s) like the plain one',
    async (url) => {
      const email = 'csrf-encoded@example.com';
      const response = await t.app.inject({ method: 'POST', url, payload: { email } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, code: 'CSRF_FAILED' });
      const rows = await t.database.db
        .selectFrom('waitlist_signups')
        .selectAll()
        .where('email', '=', email)
        .execute();
      expect(rows).toEqual([]);
    },
  );

  it('answers an unmatched unsafe request with the JSON 404, not a CSRF failure', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/no-such-route', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('does not guard GET requests', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).not.toBe(403);
  });

  it('allows only our own origin through CORS', async () => {
    const ours = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/internal/waitlist',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(ours.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const theirs = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/internal/waitlist',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(theirs.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('request validation', () => {
  it('answers 400 BAD_REQUEST for malformed JSON', async () => {
    const response = await t.request({
      ...waitlist,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', error: 'Bad Request' });
  });

  it('names each field with a wrong type', async () => {
    const response = await t.request({ ...waitlist, payload: { email: 42, tokens: ['BTC'] } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const fields = body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['body.email', 'body.tokens']));
  });

  it('names a missing field', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/internal/auth',
      payload: { email: 'a@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'body.password', message: 'required' }]);
  });

  it('names an invalid e-mail address', async () => {
    const response = await t.request({ ...waitlist, payload: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'body.email', message: 'please enter a valid email address' },
    ]);
  });

  it('names unknown fields', async () => {
    const response = await t.request({ ...waitlist, payload: { email: 'a@example.com', isAdmin: true } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'body.isAdmin', message: 'unknown field' }]);
  });

  it('answers 400 when a JSON route gets no body at all', async () => {
    const response = await t.request({ ...waitlist });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await t.request({
      ...waitlist,
      payload: { email: 'a@example.com', concern: 'x'.repeat(bodyLimitBytes + 10) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses an over-long free-text field by name', async () => {
    const response = await t.request({
      ...waitlist,
      payload: { email: 'a@example.com', concern: 'x'.repeat(2001) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('body.concern');
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses %s bodies with 415',
    async (contentType) => {
      const response = await t.request({
        ...waitlist,
        headers: { 'content-type': contentType },
        payload: 'email=a@b.io',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    },
  );
});
