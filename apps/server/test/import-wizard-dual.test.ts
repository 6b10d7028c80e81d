import { dualWizardStates } from '@tidewatch/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectRealtime,
  createWizardUser,
  sendStep,
  sendUpdateToken,
  startWizardApp,
  type WizardApp,
  walkToEnd,
} from './import-wizard-helpers.ts';

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

const connect = (auth: Record<string, unknown>) => connectRealtime(baseUrl, auth, sockets);

describe('dual-mining import with an unresolvable token named over the realtime channel', () => {
  it('refuses a socket without a valid bearer token', async () => {
    await expect(connect({})).rejects.toThrow(/needs the bearer token/);
    await expect(connect({ token: 'not-a-jwt' })).rejects.toThrow(/session has expired or ended/);
  });

  it('walks dualMystWeth to completed, asking for MYST by name', async () => {
    const farm = w.world.farms.dualMystWeth;
    const myst = w.world.tokens.MYST.address;
    const wallet = w.world.accounts.user.address;
    const { token } = await createWizardUser(w.testApp, wallet);
    const socket = await connect({ token });

    // Nothing to name yet: the token is not part of any open import of this user.
    expect(await sendUpdateToken(socket, { address: myst, name: 'Mysterium', symbol: 'MYST' })).toEqual({
      status: 'error',
      message: `the token ${myst} is not part of any of your open imports`,
    });

    const first = await sendStep(w.testApp, token, 'dual', {
      name: 'NOT_STARTED',
      event: 'PARSE_URL',
      params: { url: farm.url },
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ reward_a_choices: [], reward_b_choices: [] });

    let asked: Record<string, unknown> | undefined;
    const { states, last } = await walkToEnd(w.testApp, token, 'dual', first.body, {
      extra: { account_address: wallet },
      onUnresolvable: async (data) => {
        asked = data;
        // Before the token is named, the wizard cannot move on.
        const early = await sendStep(w.testApp, token, 'dual', {
          name: 'got unresolvable token',
          event: 'CHECK_TOKEN_STATUS',
          params: { import_id: data.import_id },
        });
        expect(early.status).toBe(409);
        expect(early.body).toMatchObject({ name: 'ERROR', previous: 'got unresolvable token' });
        const invalid = await sendUpdateToken(socket, { address: myst, name: '', symbol: 'MY ST' });
        expect(invalid.status).toBe('error');
        expect(invalid.message).toMatch(/name: a name is required/);
        expect(await sendUpdateToken(socket, { address: myst, name: 'Mysterium', symbol: 'MYSTX' })).toEqual({
          status: 'ok',
          message: 'token MYSTX (Mysterium) saved',
        });
      },
    });
    expect(asked).toMatchObject({ address: myst, message: `the token ${myst} could not be looked up` });
    const expected = dualWizardStates.filter((s) => s !== 'got unresolvable token' && s !== 'got status');
    const at = expected.indexOf('CONFIRMING_TOKEN_COINMARKETCAP_DATA');
    expect(['NOT_STARTED', ...states]).toEqual([
      ...expected.slice(0, at),
      'got unresolvable token',
      'got status',
      ...expected.slice(at),
    ]);

    const mystIsToken0 = w.world.pairs['MYST-WETH'].token0 === myst;
    const [symbol0, symbol1] = mystIsToken0 ? ['MYSTX', 'WETH'] : ['WETH', 'MYSTX'];
    expect(last.data).toMatchObject({ symbol0, symbol1, message: `import ${symbol0}-${symbol1} completed!` });

    const db = w.testApp.database.db;
    const stored = await db
      .selectFrom('farms')
      .selectAll()
      .where('address', '=', farm.address)
      .executeTakeFirstOrThrow();
    expect(stored.kind).toBe('dual');
    expect(
      await db.selectFrom('tokens').select(['symbol', 'name']).where('address', '=', myst).executeTakeFirst(),
    ).toEqual({
      symbol: 'MYSTX',
      name: 'Mysterium',
    });
    // MYST has no price: the pool's value is twice its WETH side (the valuation's derived-price rule).
    const pool = await db
      .selectFrom('pool_snapshots')
      .selectAll()
      .where('pool_id', '=', stored.pool_id)
      .executeTakeFirstOrThrow();
    const pair = w.world.pairs['MYST-WETH'];
    const wethWhole = Number(mystIsToken0 ? pool.reserve1 : pool.reserve0);
    expect(wethWhole).toBeCloseTo(Number(pair.reserveB) / 1e18, 9);
    expect(pool.total_liquidity_usd).toBeCloseTo(2 * wethWhole * 2_000, 6);
    const farmSnapshot = await db
      .selectFrom('farm_snapshots')
      .selectAll()
      .where('farm_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(farmSnapshot).toMatchObject({ reward_a_price_usd: 45, reward_b_price_usd: 0.5, is_paused: 0 });
    expect(Number(farmSnapshot.reward_rate_b)).toBeGreaterThan(0);
    const position = await db
      .selectFrom('position_snapshots')
      .selectAll()
      .where('farm_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(position.account_address).toBe(wallet);
    expect(Number(position.earned_a)).toBeGreaterThan(0);
    expect(Number(position.earned_b)).toBeGreaterThan(0);
  });
});
