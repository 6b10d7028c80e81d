import type { Socket } from 'socket.io-client';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertToken } from '../src/core/farms/repository.ts';
import {
  connectRealtime,
  createWizardUser,
  sendUpdateToken,
  startWizardApp,
  stepUntil,
  type WizardApp,
  walkToEnd,
} from './import-wizard-helpers.ts';

// Tokens rows are shared by every user's farms: one user's import must not relabel or reprice them.

let w: WizardApp;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  w = await startWizardApp();
  baseUrl = await w.testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await w?.close();
});

const tokenRow = (address: string) =>
  w.testApp.database.db
    .selectFrom('tokens')
    .select(['symbol', 'name', 'coinmarketcap_id', 'coinmarketcap_slug'])
    .where('address', '=', address)
    .executeTakeFirst();

describe('shared tokens and the import wizard', () => {
  it('refuses to name a token the wizard could look up', async () => {
    const wmatic = w.world.tokens.WMATIC.address;
    const { token } = await createWizardUser(w.testApp);
    const socket = await connectRealtime(baseUrl, { token }, sockets);
    const state = await stepUntil(
      w.testApp,
      token,
      'lp',
      w.world.farms.quickWmaticEnded.url,
      'CONFIRMING_TOKEN_COINMARKETCAP_DATA',
    );
    expect(state.name).toBe('CONFIRMING_TOKEN_COINMARKETCAP_DATA');
    const refused = { status: 'error', message: 'this token does not need a name' };
    expect(await sendUpdateToken(socket, { address: wmatic, name: 'Scam Coin', symbol: 'SCAM' })).toEqual(
      refused,
    );
    expect(
      await sendUpdateToken(socket, {
        address: wmatic,
        name: 'Scam Coin',
        symbol: 'SCAM',
        import_id: state.data.import_id,
      }),
    ).toEqual(refused);
    const { last } = await walkToEnd(w.testApp, token, 'lp', state);
    expect(last.name).toBe('completed');
    expect(await tokenRow(wmatic)).toMatchObject({ symbol: 'WMATIC', name: 'Wrapped Matic' });
  });

  it("keeps a shared token's symbol and CoinMarketCap id when a second user imports another farm with it", async () => {
    const usdc = w.world.tokens.USDC.address;
    const first = await createWizardUser(w.testApp);
    const firstStart = await stepUntil(w.testApp, first.token, 'lp', w.world.farms.wmaticUsdc.url, 'STARTED');
    expect((await walkToEnd(w.testApp, first.token, 'lp', firstStart)).last.name).toBe('completed');
    const before = await tokenRow(usdc);
    expect(before).toMatchObject({ symbol: 'USDC', coinmarketcap_id: 3408, coinmarketcap_slug: 'usd-coin' });

    const second = await createWizardUser(w.testApp);
    const socket = await connectRealtime(baseUrl, { token: second.token }, sockets);
    const state = await stepUntil(
      w.testApp,
      second.token,
      'lp',
      w.world.farms.wbtcUsdc.url,
      'CONFIRMING_TOKEN_COINMARKETCAP_DATA',
    );
    const renamed = await sendUpdateToken(socket, { address: usdc, name: 'Scam Coin', symbol: 'SCAM' });
    expect(renamed.status).toBe('error');
    const { last } = await walkToEnd(w.testApp, second.token, 'lp', state);
    expect(last.name).toBe('completed');
    expect(await tokenRow(usdc)).toEqual(before);
  });

  it('upsertToken leaves an existing token alone and sets its CoinMarketCap id only when it has none', async () => {
    const db = w.testApp.database.db;
    const chainId = w.world.chainId;
    const at = new Date();
    const priced = '0x00000000000000000000000000000000000000a1';
    const id = await upsertToken(
      db,
      chainId,
      {
        address: priced,
        symbol: 'GOOD',
        name: 'Good',
        decimals: 18,
        coinmarketcapId: 1,
        coinmarketcapSlug: 'good',
      },
      at,
    );
    const again = await upsertToken(
      db,
      chainId,
      {
        address: priced,
        symbol: 'EVIL',
        name: 'Evil',
        decimals: 18,
        coinmarketcapId: 666,
        coinmarketcapSlug: 'evil',
      },
      at,
    );
    expect(again).toBe(id);
    expect(await tokenRow(getAddress(priced))).toEqual({
      symbol: 'GOOD',
      name: 'Good',
      coinmarketcap_id: 1,
      coinmarketcap_slug: 'good',
    });

    // Imported without CoinMarketCap first (no CMC_API_KEY): a later confirmed choice fills the gap.
    const unpriced = '0x00000000000000000000000000000000000000b2';
    await upsertToken(db, chainId, { address: unpriced, symbol: 'NEW', name: null, decimals: 6 }, at);
    await upsertToken(
      db,
      chainId,
      {
        address: unpriced,
        symbol: 'OTHER',
        name: 'Other',
        decimals: 6,
        coinmarketcapId: 7,
        coinmarketcapSlug: 'new',
      },
      at,
    );
    await upsertToken(db, chainId, { address: unpriced, symbol: 'OTHER', decimals: 6 }, at);
    expect(await tokenRow(getAddress(unpriced))).toEqual({
      symbol: 'NEW',
      name: null,
      coinmarketcap_id: 7,
      coinmarketcap_slug: 'new',
    });
  });
});
