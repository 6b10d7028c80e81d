import { walletSignInGreeting } from '@tidewatch/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';
import {
  alice,
  bob,
  confirmSignature,
  connectWallet,
  countRows,
  getGuideMessage,
  guideCall,
} from './wallets-helpers.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = (await createConfirmedUser(t)).token;
});
afterEach(() => t.close());

describe('catalogue and blockchains (public)', () => {
  it('lists MetaMask on Polygon', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/blockchains/wallets' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ wallets: [{ name: 'MetaMask', blockchains: ['Polygon'] }] });
  });

  it('describes Polygon, 404s an unknown chain and 400s a non-number', async () => {
    const polygon = await t.app.inject({ method: 'GET', url: '/api/blockchains/137' });
    expect(polygon.json()).toEqual({
      blockchain: { name: 'Polygon', chainId: 137, explorerUrl: 'https://polygonscan.com' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/blockchains/1' })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/blockchains/polygon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('params.chainId');
  });
});

describe('connect-wallet guide', () => {
  it('goes NOT_STARTED -> CONFIRMED_SIGNATURE -> SAVED_ADDRESS and lists the wallet', async () => {
    const start = await guideCall(t, token, {
      name: 'NOT_STARTED',
      event: 'GET_MESSAGE',
      params: { address: alice.address.toLowerCase() },
    });
    expect(start.statusCode, start.body).toBe(200);
    const notStarted = start.json();
    expect(notStarted).toMatchObject({
      name: 'NOT_STARTED',
      previous: 'NOT_STARTED',
      events: ['CONFIRM_SIGNATURE'],
    });
    expect(notStarted.data.address).toBe(alice.address);
    const { message } = notStarted.data;
    expect(message).toMatch(/^localhost:5173 wants you to sign in with your Ethereum account:\n/);
    expect(message).toContain(`\n${alice.address}\n\n${walletSignInGreeting}\n`);
    expect(message).toContain('\nURI: http://localhost:5173\n');
    expect(message).toContain('\nChain ID: 137\n');
    expect(message).toMatch(/\nNonce: [0-9a-f]{32}\n/);

    const signature = await alice.signMessage({ message });
    const confirmed = await confirmSignature(t, token, { signature, address: alice.address });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const state = confirmed.json();
    expect(state).toMatchObject({
      name: 'CONFIRMED_SIGNATURE',
      previous: 'NOT_STARTED',
      events: ['SAVE_ADDRESS'],
      data: { address: alice.address, chainId: 137 },
    });

    // 'continue': the first offered event with the data plus address, chainId (hex, as wallets report it) and token.
    const saved = await guideCall(t, token, {
      name: state.name,
      event: state.events[0],
      params: { ...state.data, address: alice.address, chainId: '0x89', token },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const wallet = {
      name: 'MetaMask',
      address: alice.address,
      blockchain: { name: 'Polygon', chainId: 137 },
      is_watch_only: false,
    };
    expect(saved.json()).toMatchObject({
      name: 'SAVED_ADDRESS',
      previous: 'CONFIRMED_SIGNATURE',
      events: [],
    });
    expect(saved.json().data.wallet).toMatchObject(wallet);
    const id = saved.json().data.wallet.id;

    const list = await t.request({ method: 'GET', url: '/api/wallets/connected', token });
    expect(list.json()).toEqual({ wallets: [{ id, ...wallet }] });
    const details = await t.request({ method: 'GET', url: `/api/wallets/details/${id}`, token });
    expect(details.json()).toEqual({ wallet: { id, ...wallet } });
  });

  it('needs a logged-in user', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/wallets/connect_metamask_guide/next-state',
      payload: { name: 'NOT_STARTED', event: 'GET_MESSAGE', params: { address: alice.address } },
    });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallets/connected' })).statusCode).toBe(401);
  });

  it('cannot skip CONFIRM_SIGNATURE: saving with an unconfirmed or invented nonce stores nothing', async () => {
    await getGuideMessage(t, token, alice.address);
    const row = await t.database.db.selectFrom('siwe_nonces').select('nonce').executeTakeFirstOrThrow();
    for (const nonce of [row.nonce, 'a'.repeat(32)]) {
      const saved = await guideCall(t, token, {
        name: 'CONFIRMED_SIGNATURE',
        event: 'SAVE_ADDRESS',
        params: { address: alice.address, chainId: 137, nonce },
      });
      expect(saved.statusCode).toBe(400);
      expect(saved.json().code).toBe('SIGNATURE_INVALID');
    }
    expect(await countRows(t, 'wallets')).toBe(0);
  });

  it("cannot save with another user's confirmed signature, nor for another address", async () => {
    const other = (await createConfirmedUser(t)).token;
    const { message } = await getGuideMessage(t, other, alice.address);
    const confirmed = await confirmSignature(t, other, {
      signature: await alice.signMessage({ message }),
      address: alice.address,
    });
    const { nonce } = confirmed.json().data;
    const mine = await guideCall(t, token, {
      name: 'CONFIRMED_SIGNATURE',
      event: 'SAVE_ADDRESS',
      params: { address: alice.address, chainId: 137, nonce },
    });
    expect(mine.json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
    const otherAddress = await guideCall(t, other, {
      name: 'CONFIRMED_SIGNATURE',
      event: 'SAVE_ADDRESS',
      params: { address: bob.address, chainId: 137, nonce },
    });
    expect(otherAddress.json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
    expect(await countRows(t, 'wallets')).toBe(0);
  });

  it('refuses the same wallet twice with 409 and keeps one row', async () => {
    expect((await connectWallet(t, token)).statusCode).toBe(200);
    const again = await connectWallet(t, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'this wallet is already saved to your account',
    });
    expect(await countRows(t, 'wallets')).toBe(1);
    // Another account may prove and save the same address for itself.
    expect((await connectWallet(t, (await createConfirmedUser(t)).token)).statusCode).toBe(200);
  });

  it('refuses an event the sent step does not offer', async () => {
    const response = await guideCall(t, token, {
      name: 'SAVED_ADDRESS',
      event: 'CONFIRM_SIGNATURE',
      params: { signature: `0x${'1'.repeat(130)}`, address: alice.address },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
  });

  it('names the bad field: invalid address, unknown chain id, unknown event', async () => {
    const badAddress = await guideCall(t, token, {
      name: 'NOT_STARTED',
      event: 'GET_MESSAGE',
      params: { address: '0x1234' },
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().details[0].field).toBe('body.params.address');

    const unknownChain = await guideCall(t, token, {
      name: 'CONFIRMED_SIGNATURE',
      event: 'SAVE_ADDRESS',
      params: { address: alice.address, chainId: 1, nonce: 'a'.repeat(32) },
    });
    expect(unknownChain.statusCode).toBe(400);
    expect(unknownChain.json().details).toEqual([
      { field: 'body.params.chainId', message: 'chain 1 is not a blockchain we support' },
    ]);

    const badEvent = await guideCall(t, token, { name: 'NOT_STARTED', event: 'SIGN', params: {} });
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json().details[0].field).toBe('body.event');
    expect(await countRows(t, 'wallets')).toBe(0);
  });
});

describe('wallet details', () => {
  it("answers 404 for another user's wallet and an unknown id, 400 for a non-number", async () => {
    const id = (await connectWallet(t, token)).json().data.wallet.id;
    const other = (await createConfirmedUser(t)).token;
    const foreign = await t.request({ method: 'GET', url: `/api/wallets/details/${id}`, token: other });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', message: 'wallet not found' });
    const otherList = await t.request({ method: 'GET', url: '/api/wallets/connected', token: other });
    expect(otherList.json()).toEqual({ wallets: [] });
    const unknown = await t.request({ method: 'GET', url: `/api/wallets/details/${id + 100}`, token });
    expect(unknown.statusCode).toBe(404);
    const notNumber = await t.request({ method: 'GET', url: '/api/wallets/details/abc', token });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().details[0]).toEqual({
      field: 'params.id',
      message: 'must be a wallet id (a number)',
    });
  });
});
