import type { FarmKind } from '@tidewatch/shared';
import { wizardErrorBodySchema } from '@tidewatch/shared';
import { sql } from 'kysely';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWizardUser,
  sendStep,
  startWizardApp,
  type WizardApp,
  walkToEnd,
} from './import-wizard-helpers.ts';

// Issue 30, finding 6: one import at a time per user, an import that names its farm and can be
// cancelled; finding 9: the farm's stored url is the canonical QuickSwap URL, not the pasted text.
let w: WizardApp;

beforeAll(async () => {
  w = await startWizardApp();
});
afterAll(() => w?.close());

const parse = (token: string, variant: FarmKind, url: string) =>
  sendStep(w.testApp, token, variant, { name: 'NOT_STARTED', event: 'PARSE_URL', params: { url } });

const cancel = (token: string, id: unknown) =>
  w.testApp.request({ method: 'DELETE', url: `/api/quickswap/imports/${id}`, token });

const openImportCount = async (userId: number) =>
  (
    await w.testApp.database.db
      .selectFrom('farm_imports')
      .select('id')
      .where('user_id', '=', userId)
      .where('state', '!=', 'completed')
      .execute()
  ).length;

/** The farm index (filled by the discovery job) knows a farm's pair symbols before any read of the import. */
async function indexFarm(farmAddress: string, pairKey: keyof WizardApp['world']['pairs']) {
  const pair = w.world.pairs[pairKey];
  const symbolOf = (address: string) =>
    Object.values(w.world.tokens).find((t) => t.address === address)!.symbol;
  const reward = w.world.tokens.DQUICK;
  await sql`insert into farm_index (chain_id, address, kind, factory, pair_address, token0_address,
      token0_symbol, token0_decimals, token1_address, token1_symbol, token1_decimals, reward_a_address,
      reward_a_symbol, reward_a_decimals, reward_rate_a, period_finish, is_ended, is_paused, total_staked,
      tvl_usd, apr, block_number, updated_at)
    values (${w.world.chainId}, ${farmAddress}, ${'lp'}, ${pair.address}, ${pair.address}, ${pair.token0},
      ${symbolOf(pair.token0)}, ${18}, ${pair.token1}, ${symbolOf(pair.token1)}, ${18}, ${reward.address},
      ${reward.symbol}, ${18}, ${'1'}, ${new Date().toISOString()}, ${0}, ${0}, ${'1'}, ${null}, ${null},
      ${1}, ${new Date().toISOString()})`.execute(w.testApp.database.db);
  return [symbolOf(pair.token0), symbolOf(pair.token1)];
}

describe('one import at a time', () => {
  it('names the farm at STARTED and refuses a second import with a 409 naming the open one', async () => {
    const { token, userId } = await createWizardUser(w.testApp);
    const first = w.world.farms.wmaticUsdc;
    const [symbol0, symbol1] = await indexFarm(first.address, 'WMATIC-USDC');
    const started = await parse(token, 'lp', first.url);
    expect(started.status).toBe(200);
    expect(started.body.name).toBe('STARTED');
    expect(started.body.data).toMatchObject({
      farm_address: first.address,
      url: first.url,
      farm_url: first.url,
      symbol0,
      symbol1,
    });

    const second = await parse(token, 'lp', w.world.farms.wbtcUsdc.url);
    expect(second.status).toBe(409);
    const body = wizardErrorBodySchema.parse(second.body);
    expect(body).toMatchObject({
      code: 'CONFLICT',
      name: 'ERROR',
      previous: 'NOT_STARTED',
      events: ['PARSE_URL'],
      data: {
        open_import: {
          import_id: started.body.data.import_id,
          variant: 'lp',
          state: 'STARTED',
          farm_address: first.address,
          url: first.url,
          symbol0,
          symbol1,
        },
      },
    });
    expect(body.message).toBe(
      `another import is open: ${symbol0}-${symbol1} farm ${first.address} at the step STARTED. Continue it, or cancel it to start this one`,
    );
    // The other variant's wizard is refused the same way: one import per user, not per variant.
    const dual = await parse(token, 'dual', w.world.farms.dualMystWeth.url);
    expect(dual.status).toBe(409);
    expect(dual.body.data).toMatchObject({ open_import: { import_id: started.body.data.import_id } });
    expect(await openImportCount(userId)).toBe(1);
  });

  it('cancels the open import: it is gone, and a new import starts', async () => {
    const { token, userId } = await createWizardUser(w.testApp);
    const started = await parse(token, 'lp', w.world.farms.wethUsdc.url);
    const id = started.body.data.import_id;
    const cancelled = await cancel(token, id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({
      import_id: id,
      farm_address: w.world.farms.wethUsdc.address,
      message: `the import of farm ${w.world.farms.wethUsdc.address} was cancelled`,
    });
    const resume = await w.testApp.request({ method: 'GET', url: `/api/quickswap/imports/${id}`, token });
    expect(resume.statusCode).toBe(404);
    const step = await sendStep(w.testApp, token, 'lp', {
      name: 'STARTED',
      event: 'GET_NEXT_STEP',
      params: { import_id: id },
    });
    expect(step.status).toBe(404);
    const next = await parse(token, 'lp', w.world.farms.wbtcUsdc.url);
    expect(next.status).toBe(200);
    expect(next.body.data.farm_address).toBe(w.world.farms.wbtcUsdc.address);
    expect(await openImportCount(userId)).toBe(1);
  });

  it('refuses to cancel a bad id (400), another user’s import (404) and a completed import (409)', async () => {
    const { token } = await createWizardUser(w.testApp);
    const bad = await cancel(token, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
    const started = await parse(token, 'lp', w.world.farms.quickWmaticEnded.url);
    const other = await createWizardUser(w.testApp);
    expect((await cancel(other.token, started.body.data.import_id)).statusCode).toBe(404);
    const { last } = await walkToEnd(w.testApp, token, 'lp', started.body);
    expect(last.name).toBe('completed');
    const done = await cancel(token, started.body.data.import_id);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'this import is completed: nothing to cancel',
    });
  });

  it('two imports started at once by one user: one starts, the other is refused', async () => {
    const { token, userId } = await createWizardUser(w.testApp);
    const answers = await Promise.all([
      parse(token, 'lp', w.world.farms.mkrUsdc.url),
      parse(token, 'dual', w.world.farms.dualWethWmatic.url),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await openImportCount(userId)).toBe(1);
  });
});

describe('the farm url stored', () => {
  it('is the canonical QuickSwap farm URL, not the pasted text with its trailing words', async () => {
    const { token } = await createWizardUser(w.testApp);
    const farm = w.world.farms.wbtcUsdc;
    // Pasted from a chat: lower-case addresses, a word before, words after.
    const pasted = `see ${farm.url.toLowerCase().replace('https://quickswap.exchange', 'https://QuickSwap.exchange')} thanks a lot!`;
    const started = await parse(token, 'lp', pasted);
    expect(started.status).toBe(200);
    expect(started.body.data.farm_url).toBe(farm.url);
    const { last } = await walkToEnd(w.testApp, token, 'lp', started.body);
    expect(last.name).toBe('completed');
    const stored = await w.testApp.database.db
      .selectFrom('farms')
      .select('url')
      .where('address', '=', getAddress(farm.address))
      .executeTakeFirstOrThrow();
    expect(stored.url).toBe(farm.url);
  });
});
