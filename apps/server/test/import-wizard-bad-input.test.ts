import type { FarmKind } from '@tidewatch/shared';
import { wizardErrorBodySchema } from '@tidewatch/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createWizardApp,
  createWizardUser,
  sendStep,
  startWizardApp,
  type WizardApp,
  walkToEnd,
  wizardPaths,
} from './import-wizard-helpers.ts';

let w: WizardApp;
let token: string;

beforeAll(async () => {
  w = await startWizardApp();
});
// A user per test: one import at a time per user, and several tests leave theirs open.
beforeEach(async () => {
  ({ token } = await createWizardUser(w.testApp));
});
afterAll(() => w?.close());

const parse = (variant: FarmKind, url: string, extra: Record<string, unknown> = {}) =>
  sendStep(w.testApp, token, variant, { name: 'NOT_STARTED', event: 'PARSE_URL', params: { url, ...extra } });

/** Steps an import forward until it reaches `target`. */
async function advanceTo(variant: FarmKind, url: string, target: string) {
  let state = (await parse(variant, url)).body;
  while (state.name !== target) {
    const answer = await sendStep(w.testApp, token, variant, {
      name: state.name,
      event: state.events[0]!,
      params: { import_id: state.data.import_id },
    });
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    state = answer.body;
  }
  return state;
}

describe('import wizard bad input', () => {
  it('answers the wizard error body for text with no address', async () => {
    const answer = await parse('lp', 'my favourite farm');
    expect(answer.status).toBe(400);
    expect(wizardErrorBodySchema.parse(answer.body)).toMatchObject({
      name: 'ERROR',
      previous: 'NOT_STARTED',
      events: ['PARSE_URL'],
      code: 'VALIDATION_FAILED',
      message: 'no address found in what you pasted',
    });
  });

  it("gives the classifier's message for an address that is not a farm", async () => {
    const answer = await parse('lp', `https://polygonscan.com/token/${w.world.tokens.QUICK.address}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('that address is an ERC-20 token (QUICK), not a farm');
  });

  it.each([
    [
      'a syrup pool page',
      () =>
        'https://quickswap.exchange/#/syrup/0xf28164A485B0B2C90639E47b0f377b4a438a16B1/0x1111111111111111111111111111111111111111',
      /^that is a syrup pool/,
    ],
    [
      'the farm list',
      () => 'https://quickswap.exchange/#/farm/v2?tab=lpFarm',
      /^that is QuickSwap's farm list, which names no farm/,
    ],
    [
      'an add-liquidity page',
      () => 'https://quickswap.exchange/#/add/ETH/0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174/v2',
      /^that is an add-liquidity page/,
    ],
    [
      'a syrup pool by address',
      () => w.world.notLpFarms.syrupPool,
      /stakes dQUICK, a single token, not a QuickSwap pair/,
    ],
    [
      "a farm over another exchange's pair",
      () => w.world.notLpFarms.otherExchangeFarm,
      /of another exchange \(pair factory 0x/,
    ],
  ])('refuses %s with what was recognised and what to paste, writing nothing', async (_, url, message) => {
    const before = await w.testApp.database.db.selectFrom('farm_imports').select('id').execute();
    const answer = await parse('lp', url());
    expect(answer.status).toBe(400);
    expect(wizardErrorBodySchema.parse(answer.body)).toMatchObject({ name: 'ERROR', events: ['PARSE_URL'] });
    expect(answer.body.message).toMatch(message);
    expect(await w.testApp.database.db.selectFrom('farm_imports').select('id').execute()).toEqual(before);
  });

  it('finds the LP farm of a pair pasted as its analytics page', async () => {
    const farm = w.world.farms.quickWmaticEnded;
    const answer = await parse('lp', `https://quickswap.exchange/#/analytics/v2/pair/${farm.pair}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ farm_address: farm.address });
    const { last } = await walkToEnd(w.testApp, token, 'lp', answer.body);
    expect(last.name).toBe('completed');
    // No farm page was pasted, and quickswap.exchange has none per farm: its (ended) farm list is stored.
    const row = await w.testApp.database.db
      .selectFrom('farms')
      .select('url')
      .where('address', '=', farm.address)
      .executeTakeFirstOrThrow();
    expect(row.url).toBe('https://quickswap.exchange/#/farm/v2?tab=lpFarm&ended=true');
  });

  it('points a dual farm pasted into the liquidity-mining wizard to the dual-mining import, and the reverse', async () => {
    const dual = await parse('lp', w.world.farms.dualWethWmatic.url);
    expect(dual.status).toBe(400);
    expect(dual.body).toMatchObject({
      message: 'this is a dual-mining farm: use the dual-mining import',
      data: { suggested_variant: 'dual', farm_address: w.world.farms.dualWethWmatic.address },
    });
    const lp = await parse('dual', w.world.farms.wethUsdc.address);
    expect(lp.body).toMatchObject({
      message: 'this is a liquidity-mining farm: use the liquidity-mining import',
      data: { suggested_variant: 'lp' },
    });
  });

  it('says a farm is already imported, with its address', async () => {
    const farm = w.world.farms.mkrUsdc;
    const { last } = await walkToEnd(w.testApp, token, 'lp', (await parse('lp', farm.url)).body);
    expect(last.name).toBe('completed');
    // MKR answers name() and symbol() as bytes32: still read and stored.
    expect([last.data.symbol0, last.data.symbol1].sort()).toEqual(['MKR', 'USDC']);
    const again = await parse('lp', farm.url);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'CONFLICT',
      message: 'this farm is already imported',
      data: { farm_address: farm.address },
    });
  });

  it('refuses an event that does not belong to the state, and a stale state name', async () => {
    const started = (await parse('lp', w.world.farms.wethUsdc.url)).body;
    const wrong = await sendStep(w.testApp, token, 'lp', {
      name: 'STARTED',
      event: 'CONFIRM_TOKEN_COINMARKETCAP_DATA',
      params: { import_id: started.data.import_id },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({
      name: 'ERROR',
      previous: 'STARTED',
      events: ['GET_NEXT_STEP'],
      message:
        'the event CONFIRM_TOKEN_COINMARKETCAP_DATA is not allowed in the step STARTED: send GET_NEXT_STEP',
    });
    const stale = await sendStep(w.testApp, token, 'lp', {
      name: 'SYNCING_TOKEN0',
      event: 'GET_NEXT_STEP',
      params: { import_id: started.data.import_id },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('the import is at the step STARTED, not SYNCING_TOKEN0: reload it');
  });

  it("answers 404 for another user's import id, and for an import of the other variant", async () => {
    const mine = (await parse('lp', w.world.farms.wethUsdc.url)).body;
    const other = await createWizardUser(w.testApp);
    const answer = await sendStep(w.testApp, other.token, 'lp', {
      name: 'STARTED',
      event: 'GET_NEXT_STEP',
      params: { import_id: mine.data.import_id },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(`import ${mine.data.import_id} not found`);
    const resume = await w.testApp.request({
      method: 'GET',
      url: `/api/quickswap/imports/${mine.data.import_id}`,
      token: other.token,
    });
    expect(resume.statusCode).toBe(404);
    const crossed = await sendStep(w.testApp, token, 'dual', {
      name: 'STARTED',
      event: 'GET_NEXT_STEP',
      params: { import_id: mine.data.import_id },
    });
    expect(crossed.status).toBe(404);
  });

  it('refuses an account_address that is not one of your verified wallets', async () => {
    const answer = await parse('lp', w.world.farms.wethUsdc.url, {
      account_address: w.world.accounts.idle.address,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(
      `account_address ${w.world.accounts.idle.address} is not one of your verified wallets`,
    );
  });

  it('needs a login', async () => {
    const answer = await w.testApp.request({
      method: 'POST',
      url: wizardPaths.lp,
      payload: { name: 'NOT_STARTED', event: 'PARSE_URL', params: { url: 'x' } },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('resumes after a reload: the resume endpoint and NOT_STARTED with the import id answer the current state', async () => {
    const state = await advanceTo('lp', w.world.farms.wethUsdc.url, 'FETCHING_POOL_RESERVES');
    const id = state.data.import_id;
    const viaGet = await w.testApp.request({ method: 'GET', url: `/api/quickswap/imports/${id}`, token });
    expect(viaGet.statusCode).toBe(200);
    expect(viaGet.json()).toEqual(state);
    const viaNotStarted = await sendStep(w.testApp, token, 'lp', {
      name: 'NOT_STARTED',
      event: 'PARSE_URL',
      params: { import_id: id },
    });
    expect(viaNotStarted.body).toEqual(state);
    expect(state.data).toMatchObject({ pool_address: w.world.pairs['WETH-USDC'].address });
  });
});

describe('import wizard faults', () => {
  it('an RPC failure mid-import answers an error, writes nothing, and the same event resumes', async () => {
    const farm = w.world.farms.wbtcUsdc;
    const started = (await parse('lp', farm.url)).body;
    w.proxy.inject({ type: 'http5xx', status: 503 });
    const failed = await sendStep(w.testApp, token, 'lp', {
      name: 'STARTED',
      event: 'GET_NEXT_STEP',
      params: { import_id: started.data.import_id },
    });
    w.proxy.clearFaults();
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      name: 'ERROR',
      previous: 'STARTED',
      events: ['GET_NEXT_STEP'],
      code: 'CHAIN_UNAVAILABLE',
      data: { import_id: started.data.import_id },
    });
    expect(failed.body.message).toMatch(/HTTP 503/);
    const db = w.testApp.database.db;
    expect(await db.selectFrom('farms').select('id').where('address', '=', farm.address).execute()).toEqual(
      [],
    );
    const row = await db
      .selectFrom('farm_imports')
      .selectAll()
      .where('id', '=', started.data.import_id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('STARTED');

    // 'continue' from the error: the client keeps `previous` and re-sends its first event.
    const resumed = await sendStep(w.testApp, token, 'lp', {
      name: 'ERROR',
      event: 'GET_NEXT_STEP',
      params: { import_id: started.data.import_id },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body.name).toBe('FETCHING_FARM_ABI');
    const { last } = await walkToEnd(w.testApp, token, 'lp', resumed.body);
    expect(last.name).toBe('completed');
  });

  it('a price-source failure at the candidates step stays there and resumes', async () => {
    const state = await advanceTo('dual', w.world.farms.dualDquickUsdcPaused.url, 'SYNCING_TOKEN1');
    w.cmc.setRateLimited(120);
    const failed = await sendStep(w.testApp, token, 'dual', {
      name: 'SYNCING_TOKEN1',
      event: 'GET_NEXT_STEP',
      params: { import_id: state.data.import_id },
    });
    w.cmc.setRateLimited(null);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: 'PRICE_UNAVAILABLE', previous: 'SYNCING_TOKEN1' });
    const { last } = await walkToEnd(w.testApp, token, 'dual', state);
    expect(last.name).toBe('completed');
    expect(last.data.is_paused).toBe(true);
  });
});

describe('import wizard without CMC_API_KEY', () => {
  it('says prices come from on-chain pairs, offers no candidates and completes', async () => {
    const plain = await createWizardApp(w, { withCmc: false });
    try {
      const user = await createWizardUser(plain);
      const first = await sendStep(plain, user.token, 'dual', {
        name: 'NOT_STARTED',
        event: 'PARSE_URL',
        params: { url: w.world.farms.dualWethWmatic.url },
      });
      let confirming: Record<string, unknown> | undefined;
      const { last } = await walkToEnd(plain, user.token, 'dual', first.body, {
        choose: (data) => {
          confirming = data;
          return {};
        },
      });
      expect(confirming).toMatchObject({
        price_source: 'onchain',
        token0_choices: [],
        token1_choices: [],
        reward_a_choices: [],
        reward_b_choices: [],
      });
      expect(last.name).toBe('completed');
    } finally {
      await plain.close();
    }
  });
});
