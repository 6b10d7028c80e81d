import { afterEach, describe, expect, it } from 'vitest';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';
import { alice } from './wallets-helpers.ts';

/** 'set a password' for an account made from a wallet (issue 30, finding 7). */

let t: TestApp;
afterEach(() => t.close());

async function createWalletAccount(): Promise<string> {
  const issued = await t.request({
    method: 'POST',
    url: '/api/wallets/sign-up/message',
    payload: { address: alice.address },
  });
  const { message } = issued.json();
  const response = await t.request({
    method: 'POST',
    url: '/api/wallets/sign-up',
    payload: { message, signature: await alice.signMessage({ message }) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

function requestSetup(token: string, email: string) {
  return t.request({
    method: 'POST',
    url: '/api/internal/account/password-setup',
    token,
    payload: { email },
  });
}

function setupTokenFor(email: string): string {
  const mail = t.outbox.filter((message) => message.to === email).at(-1);
  const token = mail?.text.match(/\/set-password\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no set-password link was sent to ${email}`);
  return token;
}

const confirmSetup = (token: string, password: string) =>
  t.request({
    method: 'POST',
    url: '/api/internal/account/password-setup/confirm',
    payload: { token, password },
  });

async function sessionUser(token: string) {
  const response = await t.request({ method: 'GET', url: '/api/internal/token/session', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().session.user;
}

describe('set a password by e-mail link', () => {
  it('gives a wallet account a confirmed e-mail and a password it can log in with', async () => {
    t = await createTestApp();
    const walletToken = await createWalletAccount();
    expect(await sessionUser(walletToken)).toMatchObject({
      email: null,
      has_password: false,
      wallet_address: alice.address,
    });

    const asked = await requestSetup(walletToken, 'Wallet.Owner@example.com ');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(
      'we sent a link to wallet.owner@example.com: open it within 1 hour to choose your password',
    );
    // Nothing changes until the link is used.
    expect(await sessionUser(walletToken)).toMatchObject({ email: null, has_password: false });

    const link = setupTokenFor('wallet.owner@example.com');
    const done = await confirmSetup(link, 'a long and unusual passphrase');
    expect(done.statusCode, done.body).toBe(200);

    const login = await t.request({
      method: 'POST',
      url: '/api/internal/auth',
      payload: { email: 'wallet.owner@example.com', password: 'a long and unusual passphrase' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(await sessionUser(login.json().token)).toMatchObject({
      email: 'wallet.owner@example.com',
      has_password: true,
      wallet_address: alice.address,
    });

    // The link works once.
    const again = await confirmSetup(link, 'another long passphrase');
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('LINK_INVALID');
  });

  it('answers the same for an address another account uses, and tells only that address', async () => {
    t = await createTestApp();
    const walletToken = await createWalletAccount();
    const other = await createConfirmedUser(t, 'taken@example.com');
    const asked = await requestSetup(walletToken, other.email);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(
      'we sent a link to taken@example.com: open it within 1 hour to choose your password',
    );
    const mail = t.outbox.filter((message) => message.to === other.email).at(-1);
    expect(mail?.text).toContain('already has a Tidewatch account');
    expect(mail?.text).not.toContain('/set-password');
    expect(await sessionUser(walletToken)).toMatchObject({ email: null, has_password: false });
  });

  it('is only for accounts without a password', async () => {
    t = await createTestApp();
    const { token } = await createConfirmedUser(t);
    const asked = await requestSetup(token, 'new@example.com');
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe('your account already has a password: change it instead');
  });

  it('names the field of a bad address or a short password', async () => {
    t = await createTestApp();
    const walletToken = await createWalletAccount();
    const badEmail = await requestSetup(walletToken, 'not an address');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().details[0].field).toBe('body.email');
    const short = await confirmSetup('x', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].field).toBe('body.password');
  });
});
