import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConfirmedUser, createTestApp, resetTokenFor, type TestApp } from './helpers.ts';
import { alice, createClock } from './wallets-helpers.ts';

/**
 * A new tab of a signed-in user starts signed in (issue 30, finding 8): login sets an httpOnly restore
 * cookie; POST /api/internal/session/restore trades it for a fresh bearer token and a new cookie.
 */

const restoreCookie = 'tw_restore';
let t: TestApp;
afterEach(() => t.close());

function cookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === restoreCookie);
}

async function logIn(email: string, password: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/internal/auth',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

function restore(cookie: string | undefined) {
  return t.request({
    method: 'POST',
    url: '/api/internal/session/restore',
    ...(cookie ? { cookies: { [restoreCookie]: cookie } } : {}),
  });
}

async function sessionUserId(token: string): Promise<number> {
  const response = await t.request({ method: 'GET', url: '/api/internal/token/session', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().session.user.id;
}

describe('restoring a session in a new tab', () => {
  it('sets an httpOnly, SameSite=Strict cookie at login, only for the session paths', async () => {
    t = await createTestApp();
    const user = await createConfirmedUser(t);
    const cookie = cookieOf(await logIn(user.email, user.password));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/internal' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://tidewatch.example' } });
    const user = await createConfirmedUser(t);
    expect(cookieOf(await logIn(user.email, user.password))?.secure).toBe(true);
  });

  it('answers a fresh token for the same user and rotates the cookie', async () => {
    t = await createTestApp();
    const user = await createConfirmedUser(t);
    const login = await logIn(user.email, user.password);
    const first = cookieOf(login)!.value;

    const restored = await restore(first);
    expect(restored.statusCode, restored.body).toBe(200);
    const token = restored.json().token as string;
    expect(token).not.toBe(login.json().token);
    expect(await sessionUserId(token)).toBe(await sessionUserId(login.json().token));
    const second = cookieOf(restored)!.value;
    expect(second).not.toBe(first);

    // The new cookie works in its turn.
    const next = await restore(second);
    expect(next.json().token).toEqual(expect.any(String));
  });

  it('treats a rotated-out cookie used again later as stolen: it and its successors die', async () => {
    const clock = createClock();
    t = await createTestApp({ deps: { now: clock.now } });
    const user = await createConfirmedUser(t);
    const first = cookieOf(await logIn(user.email, user.password))!.value;
    const second = cookieOf(await restore(first))!.value;
    clock.advance(5 * 60 * 1000);

    const replayed = await restore(first);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({ token: null });
    expect((await restore(second)).json()).toEqual({ token: null });
  });

  it('lets two tabs opened together both restore with the same cookie', async () => {
    t = await createTestApp();
    const user = await createConfirmedUser(t);
    const cookie = cookieOf(await logIn(user.email, user.password))!.value;
    const [one, two] = await Promise.all([restore(cookie), restore(cookie)]);
    expect(one.json().token).toEqual(expect.any(String));
    expect(two.json().token).toEqual(expect.any(String));
  });

  it('answers no token without a cookie or with a made-up one, and clears it', async () => {
    t = await createTestApp();
    expect((await restore(undefined)).json()).toEqual({ token: null });
    const madeUp = await restore('not-a-cookie-we-issued');
    expect(madeUp.json()).toEqual({ token: null });
    expect(cookieOf(madeUp)?.value).toBe('');
  });

  it('dies at logout', async () => {
    t = await createTestApp();
    const user = await createConfirmedUser(t);
    const login = await logIn(user.email, user.password);
    const cookie = cookieOf(login)!.value;
    const logout = await t.request({
      method: 'POST',
      url: '/api/internal/logout',
      token: login.json().token,
      cookies: { [restoreCookie]: cookie },
    });
    expect(logout.statusCode).toBe(204);
    expect(cookieOf(logout)?.value).toBe('');
    expect((await restore(cookie)).json()).toEqual({ token: null });
  });

  it('dies for the other sessions when the password changes, and for all at a reset', async () => {
    t = await createTestApp();
    const user = await createConfirmedUser(t);
    const here = await logIn(user.email, user.password);
    const elsewhere = cookieOf(await logIn(user.email, user.password))!.value;
    const change = await t.request({
      method: 'POST',
      url: '/api/internal/password',
      token: here.json().token,
      cookies: { [restoreCookie]: cookieOf(here)!.value },
      payload: { current_password: user.password, new_password: 'a brand new long passphrase' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await restore(elsewhere)).json()).toEqual({ token: null });
    const kept = await restore(cookieOf(here)!.value);
    expect(kept.json().token).toEqual(expect.any(String));

    await t.request({ method: 'POST', url: '/api/internal/password-reset', payload: { email: user.email } });
    await vi.waitFor(() => resetTokenFor(t, user.email));
    const reset = await t.request({
      method: 'POST',
      url: '/api/internal/password-reset/confirm',
      payload: { token: resetTokenFor(t, user.email), password: 'yet another long passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await restore(cookieOf(kept)!.value)).json()).toEqual({ token: null });
  });

  it('refuses a restore without the CSRF header', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'POST', url: '/api/internal/session/restore' });
    expect(response.statusCode).toBe(403);
  });

  it('is set by a wallet login too', async () => {
    t = await createTestApp();
    const issued = await t.request({
      method: 'POST',
      url: '/api/wallets/sign-up/message',
      payload: { address: alice.address },
    });
    const { message } = issued.json();
    const signUp = await t.request({
      method: 'POST',
      url: '/api/wallets/sign-up',
      payload: { message, signature: await alice.signMessage({ message }) },
    });
    const restored = await restore(cookieOf(signUp)?.value);
    expect(await sessionUserId(restored.json().token)).toBe(await sessionUserId(signUp.json().token));
  });
});
