import {
  emailNotConfirmedMessage,
  invalidCredentialsMessage,
  sessionResponseSchema,
} from '@tidewatch/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationTokenFor, createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

const banner =
  "We've just sent you an email, click the link in the email to confirm your email address and continue setting up your account";
const password = 'a perfectly fine passphrase';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: object, token?: string) =>
  t.request({ method: 'POST', url, payload, ...(token ? { token } : {}) });

describe('sign-up', () => {
  it('creates an unconfirmed account and e-mails a confirmation link built from PUBLIC_URL', async () => {
    const response = await post('/api/internal/signup', { email: 'New@Example.com', password });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: banner });
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'new@example.com')
      .executeTakeFirstOrThrow();
    expect(user.email_confirmed_at).toBeNull();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = t.outbox.find((m) => m.to === 'new@example.com');
    expect(mail?.text).toMatch(/http:\/\/localhost:5173\/signup\/confirm\?token=[\w-]{43}/);
    // Only a hash of the token is stored.
    const token = confirmationTokenFor(t, 'new@example.com');
    const stored = await t.database.db.selectFrom('email_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it('answers an existing address the same way and e-mails it "you already have an account"', async () => {
    const { email } = await createConfirmedUser(t);
    const sent = t.outbox.length;
    const response = await post('/api/internal/signup', { email, password: 'another fine passphrase' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: banner });
    expect(t.outbox.slice(sent)).toMatchObject([
      { to: email, subject: 'You already have a Tidewatch account' },
    ]);
    const users = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  it.each([
    ['too short', 'short7!', 'at least 8'],
    ['too long', 'x'.repeat(129), 'at most 128'],
    ['a common password', 'Password123', 'too common'],
  ])('refuses a password that is %s, naming the field', async (_, bad, words) => {
    const response = await post('/api/internal/signup', { email: 'pw@example.com', password: bad });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details[0].field).toBe('body.password');
    expect(body.details[0].message).toContain(words);
  });

  it('accepts a 128-character password without composition rules', async () => {
    const response = await post('/api/internal/signup', {
      email: 'long@example.com',
      password: 'a'.repeat(128),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('e-mail confirmation', () => {
  it('confirms once; a reused link answers 410 LINK_INVALID', async () => {
    await post('/api/internal/signup', { email: 'once@example.com', password });
    const token = confirmationTokenFor(t, 'once@example.com');
    const first = await post('/api/internal/confirm-email', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'your email address is confirmed, you can log in now' });
    const again = await post('/api/internal/confirm-email', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'LINK_INVALID',
      message: 'this confirmation link has expired or was already used',
    });
  });

  it('refuses an expired link and changes nothing', async () => {
    await post('/api/internal/signup', { email: 'late@example.com', password });
    const token = confirmationTokenFor(t, 'late@example.com');
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'late@example.com')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const response = await post('/api/internal/confirm-email', { token });
    expect(response.statusCode).toBe(410);
    const after = await t.database.db
      .selectFrom('users')
      .select('email_confirmed_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.email_confirmed_at).toBeNull();
    const tokens = await t.database.db
      .selectFrom('email_tokens')
      .select('used_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens.every((row) => row.used_at === null)).toBe(true);
  });

  it('expires links within 24 hours', async () => {
    await post('/api/internal/signup', { email: 'ttl@example.com', password });
    const row = await t.database.db
      .selectFrom('email_tokens')
      .innerJoin('users', 'users.id', 'email_tokens.user_id')
      .select(['email_tokens.expires_at', 'email_tokens.created_at'])
      .where('users.email', '=', 'ttl@example.com')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(24 * 60 * 60 * 1000);
  });

  it('refuses an unknown token', async () => {
    const response = await post('/api/internal/confirm-email', { token: 'made-up-token' });
    expect(response.statusCode).toBe(410);
  });
});

describe('login', () => {
  it('refuses an unconfirmed account with 403 EMAIL_NOT_CONFIRMED', async () => {
    await post('/api/internal/signup', { email: 'pending@example.com', password });
    const response = await post('/api/internal/auth', { email: 'pending@example.com', password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', message: emailNotConfirmedMessage });
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { email } = await createConfirmedUser(t);
    const wrong = await post('/api/internal/auth', { email, password: 'not the password' });
    const unknown = await post('/api/internal/auth', {
      email: 'nobody@example.com',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: invalidCredentialsMessage });
  });

  it('issues an HS256 JWT with jti, sub and an expiry of at most one hour', async () => {
    const { token } = await createConfirmedUser(t, 'jwt@example.com');
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(3600);
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'jwt@example.com')
      .executeTakeFirstOrThrow();
    expect(payload.sub).toBe(String(user.id));
  });
});

describe('session and logout', () => {
  it('returns the session for a valid token', async () => {
    const { email, token } = await createConfirmedUser(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/internal/token/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const { session } = sessionResponseSchema.parse(response.json());
    expect(session.user.email).toBe(email);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(3600_000);
  });

  it.each([
    ['no token', undefined],
    ['garbage', 'Bearer not.a.jwt'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
  ])('answers 401 UNAUTHENTICATED with %s', async (_, authorization) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/internal/token/session',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('expired-jti')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/internal/token/session',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token signed with another algorithm or key', async () => {
    const { token } = await createConfirmedUser(t);
    const [header, payload] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const forged = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    for (const bad of [none, forged]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/internal/token/session',
        headers: { authorization: `Bearer ${bad}` },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('revokes the token on logout', async () => {
    const { token } = await createConfirmedUser(t);
    const logout = await post('/api/internal/logout', {}, token);
    expect(logout.statusCode).toBe(204);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/internal/token/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.statusCode).toBe(401);
    const again = await post('/api/internal/logout', {}, token);
    expect(again.statusCode).toBe(401);
  });

  // The session check remembers a lookup while data_version is unchanged: a write by any process that
  // ends the session (here straight to the database, as another API process or a script would) must end it
  // at the very next request.
  it.each([
    [
      'its token revoked',
      (userId: number, jti: string) =>
        t.database.db
          .insertInto('revoked_tokens')
          .values({ jti, expires_at: new Date(Date.now() + 3600_000).toISOString() })
          .execute()
          .then(() => userId),
    ],
    [
      'sessions before now ended (password reset)',
      (userId: number) =>
        t.database.db
          .updateTable('users')
          .set({ sessions_valid_from: new Date(Date.now() + 1000).toISOString() })
          .where('id', '=', userId)
          .execute(),
    ],
    [
      'its user deleted',
      (userId: number) => t.database.db.deleteFrom('users').where('id', '=', userId).execute(),
    ],
  ])('refuses at the next request a session already used, once another process finds %s', async (_, end) => {
    const { token } = await createConfirmedUser(t);
    const session = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/internal/token/session',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await session()).statusCode).toBe(200);
    expect((await session()).statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      jti: string;
    };
    await end(Number(claims.sub), claims.jti);
    expect((await session()).statusCode).toBe(401);
  });

  it('accepts a body-less logout even when it declares a JSON content type', async () => {
    const { token } = await createConfirmedUser(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/internal/logout',
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
  });

  it('logout without a body and without a token answers 401', async () => {
    const response = await t.request({ method: 'POST', url: '/api/internal/logout' });
    expect(response.statusCode).toBe(401);
  });
});

describe('exchange-connected login', () => {
  it('stores the code as a pending connection and answers the token with the banner', async () => {
    const { email } = await createConfirmedUser(t, 'exchange@example.com');
    const response = await post('/api/internal/integrations/callback', {
      email,
      password: 'correct horse battery staple',
      code: 'abc123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: banner, token: expect.any(String) });
    const rows = await t.database.db.selectFrom('exchange_connections').selectAll().execute();
    expect(rows).toMatchObject([{ code: 'abc123', status: 'pending' }]);
  });

  it('fails like login and stores nothing on wrong credentials', async () => {
    const before = await t.database.db.selectFrom('exchange_connections').select('id').execute();
    const response = await post('/api/internal/integrations/callback', {
      email: 'exchange@example.com',
      password: 'wrong password',
      code: 'zzz',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
    const after = await t.database.db.selectFrom('exchange_connections').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('names the missing code', async () => {
    const response = await post('/api/internal/integrations/callback', {
      email: 'exchange@example.com',
      password: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'body.code', message: 'required' }]);
  });
});
