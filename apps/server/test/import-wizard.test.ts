import { pair as pairArtifact } from '@tidewatch/contracts';
import { lpWizardStates, type WizardStateResponse } from '@tidewatch/shared';
import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWizardUser,
  sendStep,
  startWizardApp,
  type WizardApp,
  type WizardWorld,
  walkToEnd,
} from './import-wizard-helpers.ts';

let w: WizardApp;

beforeAll(async () => {
  w = await startWizardApp();
});
afterAll(() => w?.close());

const lpHappyPath = lpWizardStates.filter((s) => s !== 'got unresolvable token' && s !== 'got status');

/** Pool TVL computed here from the chain at `block`, with the prices the world's pools imply. */
async function poolTvlFromChain(
  pairKey: keyof WizardWorld['world']['pairs'],
  block: bigint,
): Promise<number> {
  const { world } = w;
  const pair = world.pairs[pairKey];
  const client = createPublicClient({ transport: http(world.rpcUrl) });
  const [r0, r1] = await client.readContract({
    address: pair.address,
    abi: pairArtifact.abi,
    functionName: 'getReserves',
    blockNumber: block,
  });
  const side = (address: string, reserve: bigint) => {
    const token = Object.values(world.tokens).find((t) => t.address === address)!;
    return (Number(reserve) / 10 ** token.decimals) * token.usdPrice!;
  };
  return side(pair.token0, r0) + side(pair.token1, r1);
}

describe('liquidity-mining import over HTTP', () => {
  it('walks every step of a farm URL to completed and writes farm, pool, tokens and snapshots', async () => {
    const farm = w.world.farms.wmaticUsdc;
    const wallet = w.world.accounts.user.address;
    const { token } = await createWizardUser(w.testApp, wallet);
    const first = await sendStep(w.testApp, token, 'lp', {
      name: 'NOT_STARTED',
      event: 'PARSE_URL',
      params: { url: farm.url, account_address: wallet },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'STARTED', previous: 'NOT_STARTED', events: ['GET_NEXT_STEP'] });
    expect(first.body.data).toMatchObject({ url: farm.url, token0_choices: [], token1_choices: [] });

    const { states, last } = await walkToEnd(w.testApp, token, 'lp', first.body);
    expect(['NOT_STARTED', ...states]).toEqual(lpHappyPath);
    const [symbol0, symbol1] = [w.world.pairs['WMATIC-USDC'].token0, w.world.pairs['WMATIC-USDC'].token1].map(
      (address) => Object.values(w.world.tokens).find((t) => t.address === address)!.symbol,
    );
    expect(last.data).toMatchObject({ symbol0, symbol1, farm_address: farm.address });
    expect(last.data.message).toBe(`import ${symbol0}-${symbol1} completed!`);
    expect(last.events).toEqual([]);

    const db = w.testApp.database.db;
    const stored = await db
      .selectFrom('farms')
      .selectAll()
      .where('address', '=', farm.address)
      .executeTakeFirst();
    expect(stored).toMatchObject({ kind: 'lp', url: farm.url });
    const poolSnapshot = await db
      .selectFrom('pool_snapshots')
      .selectAll()
      .where('pool_id', '=', stored!.pool_id)
      .executeTakeFirstOrThrow();
    const block = BigInt(poolSnapshot.block_number);
    expect(poolSnapshot.total_liquidity_usd).toBeCloseTo(await poolTvlFromChain('WMATIC-USDC', block), 6);
    const positions = await db
      .selectFrom('position_snapshots')
      .selectAll()
      .where('farm_id', '=', stored!.id)
      .execute();
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({ account_address: wallet });
    expect(Number(positions[0]!.staked)).toBeCloseTo(Number(farm.userStake) / 1e18, 9);
    const tokens = await db.selectFrom('tokens').selectAll().execute();
    const wmatic = tokens.find((t) => t.address === w.world.tokens.WMATIC.address);
    expect(wmatic).toMatchObject({ symbol: 'WMATIC', coinmarketcap_id: 8925, coinmarketcap_slug: 'wmatic' });
    expect(
      await db.selectFrom('farm_snapshots').selectAll().where('farm_id', '=', stored!.id).execute(),
    ).toHaveLength(1);
  });

  it('imports an ended farm, marks it ended, and prices QUICK with the candidate the user chose', async () => {
    const farm = w.world.farms.quickWmaticEnded;
    const quickIsToken0 = w.world.pairs['QUICK-WMATIC'].token0 === w.world.tokens.QUICK.address;
    const quickRole = quickIsToken0 ? 'token0' : 'token1';
    const { token } = await createWizardUser(w.testApp);
    const first = await sendStep(w.testApp, token, 'lp', {
      name: 'NOT_STARTED',
      event: 'PARSE_URL',
      params: { url: farm.url },
    });
    let offered: WizardStateResponse['data'] | undefined;
    const { last } = await walkToEnd(w.testApp, token, 'lp', first.body, {
      choose: (data) => {
        offered = data;
        const wmatic = (quickIsToken0 ? data.token1_choices : data.token0_choices)[0]!;
        return {
          [quickRole]: { coinmarketcap_id: 19966, coinmarketcap_slug: 'quickswap' },
          [quickIsToken0 ? 'token1' : 'token0']: {
            coinmarketcap_id: wmatic.id,
            coinmarketcap_slug: wmatic.slug,
          },
        };
      },
    });
    // Two assets share the symbol QUICK: the one listed for this contract first, then the other by symbol.
    expect((quickIsToken0 ? offered?.token0_choices : offered?.token1_choices)?.map((c) => c.id)).toEqual([
      8206, 19966,
    ]);
    expect(last.name).toBe('completed');
    expect(last.data.is_ended).toBe(true);
    const row = await w.testApp.database.db
      .selectFrom('farm_snapshots')
      .innerJoin('farms', 'farms.id', 'farm_snapshots.farm_id')
      .innerJoin('pool_snapshots', 'pool_snapshots.pool_id', 'farms.pool_id')
      .select([
        'farm_snapshots.is_ended',
        'farm_snapshots.apr',
        'pool_snapshots.price0_usd',
        'pool_snapshots.price1_usd',
      ])
      .where('farms.address', '=', farm.address)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_ended: 1, apr: 0 });
    expect(quickIsToken0 ? row.price0_usd : row.price1_usd).toBe(0.04);
  });

  it('refuses a price choice that was not offered', async () => {
    const other = w.world.farms.wbtcUsdc;
    const { token } = await createWizardUser(w.testApp);
    let state = (
      await sendStep(w.testApp, token, 'lp', {
        name: 'NOT_STARTED',
        event: 'PARSE_URL',
        params: { url: other.url },
      })
    ).body;
    while (state.name !== 'CONFIRMING_TOKEN_COINMARKETCAP_DATA') {
      state = (
        await sendStep(w.testApp, token, 'lp', {
          name: state.name,
          event: state.events[0]!,
          params: { import_id: state.data.import_id },
        })
      ).body;
    }
    expect(state.data.price_source).toBe('coinmarketcap');
    const wbtcIsToken0 = w.world.pairs['WBTC-USDC'].token0 === w.world.tokens.WBTC.address;
    const wbtcChoices = wbtcIsToken0 ? state.data.token0_choices : state.data.token1_choices;
    expect(wbtcChoices).toEqual([
      {
        id: 3717,
        slug: 'wrapped-bitcoin',
        name: 'Wrapped Bitcoin',
        symbol: 'WBTC',
        polygon_address: w.world.tokens.WBTC.address,
        price_usd: 30_000,
        is_token_contract: true,
      },
    ]);
    const forged = await sendStep(w.testApp, token, 'lp', {
      name: state.name,
      event: 'CONFIRM_TOKEN_COINMARKETCAP_DATA',
      params: {
        import_id: state.data.import_id,
        token0: { coinmarketcap_id: 8206, coinmarketcap_slug: 'quickswap-old' },
        token1: { coinmarketcap_id: 3408, coinmarketcap_slug: 'usd-coin' },
      },
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({
      name: 'ERROR',
      previous: 'CONFIRMING_TOKEN_COINMARKETCAP_DATA',
      events: ['CONFIRM_TOKEN_COINMARKETCAP_DATA'],
      code: 'VALIDATION_FAILED',
    });
    expect(forged.body.message).toMatch(
      /coinmarketcap_id 8206 \(quickswap-old\) was not among the offered candidates/,
    );
  });
});
