import { signInMessageLifetimeMs } from '@tidewatch/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';
import { alice, bob, countRows, createClock } from './wallets-helpers.ts';

/** Accounts made from a wallet: log in with the wallet, delete by signature (issue 30, finding 7). */

let t: TestApp;
afterEach(() => t.close());

async function messageFor(url: string, address: string, token?: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url,
    payload: { address },
    ...(token ? { token } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message;
}

/** Creates the account from `account`'s address (the /signup/create-address flow). */
async function createWalletAccount(account = alice) {
  const message = await messageFor('/api/wallets/sign-up/message', account.address);
  const response = await t.request({
    method: 'POST',
    url: '/api/wallets/sign-up',
    payload: { message, signature: await account.signMessage({ message }) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

const logInMessage = (address: string) => messageFor('/api/wallets/log-in/message', address);

function logIn(message: string, signature: string) {
  return t.request({ method: 'POST', url: '/api/wallets/log-in', payload: { message, signature } });
}

async function userIdOf(token: string): Promise<number> {
  const response = await t.request({ method: 'GET', url: '/api/internal/token/session', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().session.user.id;
}

describe('log in with a wallet', () => {
  it('logs into the account made from the address, and refuses the same signature twice', async () => {
    t = await createTestApp();
    const signUpToken = await createWalletAccount();
    const message = await logInMessage(alice.address);
    const signature = await alice.signMessage({ message });

    const first = await logIn(message, signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(await userIdOf(first.json().token)).toBe(await userIdOf(signUpToken));

    const replayed = await logIn(message, signature);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({
      code: 'SIGNATURE_INVALID',
      message: 'this sign-in message was already used',
    });
    // Logging in creates nothing.
    expect(await countRows(t, 'users')).toBe(1);
  });

  it('refuses a signature made by another address', async () => {
    t = await createTestApp();
    await createWalletAccount();
    const message = await logInMessage(alice.address);
    const response = await logIn(message, await bob.signMessage({ message }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `the signature was not made by ${alice.address} (it was made by ${bob.address})`,
    );
  });

  it('refuses a message whose time has run out', async () => {
    const clock = createClock();
    t = await createTestApp({ deps: { now: clock.now } });
    await createWalletAccount();
    const message = await logInMessage(alice.address);
    const signature = await alice.signMessage({ message });
    clock.advance(signInMessageLifetimeMs + 1000);
    const response = await logIn(message, signature);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('this sign-in message has expired, start again');
  });

  it('refuses a sign-up message used as a login, and says when no account signs in with the wallet', async () => {
    t = await createTestApp();
    const signUpMessage = await messageFor('/api/wallets/sign-up/message', alice.address);
    const asLogin = await logIn(signUpMessage, await alice.signMessage({ message: signUpMessage }));
    expect(asLogin.statusCode).toBe(400);
    expect(asLogin.json().message).toBe(
      'this sign-in message was not issued to you by this site: start again',
    );

    const message = await logInMessage(bob.address);
    const unknown = await logIn(message, await bob.signMessage({ message }));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'no account signs in with this wallet: create an account from it first',
    });
    expect(await countRows(t, 'users')).toBe(0);
  });

  it('counts failed wallet logins like password logins (429 after the free ones)', async () => {
    t = await createTestApp({
      deps: {
        throttles: {
          loginPerAccountClient: { limit: 2, windowMs: 60 * 60 * 1000 },
          loginPerIp: { limit: 100, windowMs: 60 * 60 * 1000 },
        },
      },
    });
    await createWalletAccount();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const message = await logInMessage(alice.address);
      statuses.push((await logIn(message, await bob.signMessage({ message }))).statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('answers a malformed address with 400 naming the field', async () => {
    t = await createTestApp();
    const response = await t.request({
      method: 'POST',
      url: '/api/wallets/log-in/message',
      payload: { address: 'not-an-address' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('body.address');
  });
});

describe('delete an account made from a wallet by signing', () => {
  async function deletionMessage(token: string): Promise<string> {
    const response = await t.request({ method: 'POST', url: '/api/wallets/account-deletion/message', token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().message;
  }

  const deleteAccount = (token: string, payload: object) =>
    t.request({ method: 'DELETE', url: '/api/internal/account', token, payload });

  it('deletes the account when its wallet signs the deletion message, once', async () => {
    t = await createTestApp();
    const token = await createWalletAccount();
    const message = await deletionMessage(token);
    expect(message).toContain('Delete my Tidewatch account');
    expect(message).toContain(alice.address);

    const wrongSigner = await deleteAccount(token, {
      message,
      signature: await bob.signMessage({ message }),
    });
    expect(wrongSigner.statusCode).toBe(400);
    expect(await countRows(t, 'users')).toBe(1);

    const signature = await alice.signMessage({ message });
    const deleted = await deleteAccount(token, { message, signature });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await countRows(t, 'users')).toBe(0);
    expect(await countRows(t, 'wallets')).toBe(0);
  });

  it('does not take a login message as a deletion', async () => {
    t = await createTestApp();
    const token = await createWalletAccount();
    const message = await logInMessage(alice.address);
    const response = await deleteAccount(token, { message, signature: await alice.signMessage({ message }) });
    expect(response.statusCode).toBe(400);
    expect(await countRows(t, 'users')).toBe(1);
  });

  it('keeps asking an account with a password for its password', async () => {
    t = await createTestApp();
    const { token } = await createConfirmedUser(t);
    const message = await t.request({ method: 'POST', url: '/api/wallets/account-deletion/message', token });
    expect(message.statusCode).toBe(409);
    expect(message.json().message).toBe(
      'your account has a password: confirm the deletion with your password',
    );
  });
});
