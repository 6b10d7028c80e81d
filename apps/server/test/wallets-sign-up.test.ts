import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { alice, alterMessage, bob, countRows, getGuideMessage } from './wallets-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function signUpMessage(address: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/wallets/sign-up/message',
    payload: { address },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message;
}

function signUp(message: string, signature: string) {
  return t.request({ method: 'POST', url: '/api/wallets/sign-up', payload: { message, signature } });
}

async function signUpAs(account = alice) {
  const message = await signUpMessage(account.address);
  return signUp(message, await account.signMessage({ message }));
}

async function sessionOf(token: string) {
  const response = await t.request({ method: 'GET', url: '/api/internal/token/session', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().session.user as { id: number; email: string | null };
}

describe('sign-up from a wallet address', () => {
  it('creates an account with the wallet saved, then logs into the same account', async () => {
    const first = await signUpAs();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().created).toBe(true);
    const user = await sessionOf(first.json().token);
    expect(user.email).toBeNull();

    const wallets = await t.request({
      method: 'GET',
      url: '/api/wallets/connected',
      token: first.json().token,
    });
    expect(wallets.json()).toEqual({
      wallets: [
        {
          id: expect.any(Number),
          name: 'MetaMask',
          address: alice.address,
          blockchain: { name: 'Polygon', chainId: 137 },
          is_watch_only: false,
        },
      ],
    });

    const again = await signUpAs();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().created).toBe(false);
    expect((await sessionOf(again.json().token)).id).toBe(user.id);
    expect(await countRows(t, 'users')).toBe(1);
    expect(await countRows(t, 'wallets')).toBe(1);

    // Another address is another account.
    const other = await signUpAs(bob);
    expect(other.json().created).toBe(true);
    expect((await sessionOf(other.json().token)).id).not.toBe(user.id);
  });

  it('accepts a lower-case address and builds the message for its checksummed form', async () => {
    const message = await signUpMessage(alice.address.toLowerCase());
    expect(message).toContain(`\n${alice.address}\n`);
  });

  it('refuses a replayed sign-up message and lets one of two parallel uses win', async () => {
    const message = await signUpMessage(alice.address);
    const signature = await alice.signMessage({ message });
    const results = await Promise.all([signUp(message, signature), signUp(message, signature)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const replay = await signUp(message, signature);
    expect(replay.json()).toMatchObject({
      code: 'SIGNATURE_INVALID',
      message: 'this sign-in message was already used',
    });
    expect(await countRows(t, 'users')).toBe(1);
  });

  it('refuses another key, another domain and a guide message; creates nothing', async () => {
    const message = await signUpMessage(alice.address);
    const byBob = await signUp(message, await bob.signMessage({ message }));
    expect(byBob.json()).toMatchObject({
      code: 'SIGNATURE_INVALID',
      message: expect.stringMatching(/not made by/),
    });

    const forged = alterMessage(message, { domain: 'evil.example' });
    const wrongDomain = await signUp(forged, await alice.signMessage({ message: forged }));
    expect(wrongDomain.json()).toMatchObject({
      code: 'SIGNATURE_INVALID',
      message: expect.stringMatching(/evil.example/),
    });
    expect(await countRows(t, 'users')).toBe(0);

    // A message issued inside a logged-in user's connect guide is not a sign-up message.
    const signUpResult = await signUp(message, await alice.signMessage({ message }));
    const token = signUpResult.json().token;
    const guideMessage = (await getGuideMessage(t, token, bob.address)).message;
    const crossed = await signUp(guideMessage, await bob.signMessage({ message: guideMessage }));
    expect(crossed.json()).toMatchObject({
      code: 'SIGNATURE_INVALID',
      message: expect.stringMatching(/not issued/),
    });
    expect(await countRows(t, 'users')).toBe(1);
  });

  it('names the bad field', async () => {
    const badAddress = await t.request({
      method: 'POST',
      url: '/api/wallets/sign-up/message',
      payload: { address: 'alice' },
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().details[0].field).toBe('body.address');
    const badSignature = await t.request({
      method: 'POST',
      url: '/api/wallets/sign-up',
      payload: { message: 'hello', signature: '0x12' },
    });
    expect(badSignature.json().details[0].field).toBe('body.signature');
  });

  it('does not let a wallet-created account log in with a password', async () => {
    await signUpAs();
    const login = await t.request({
      method: 'POST',
      url: '/api/internal/auth',
      payload: { email: 'nobody@example.com', password: 'whatever password' },
    });
    expect(login.statusCode).toBe(401);
  });
});
