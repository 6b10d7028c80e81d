import { currentYearIn, ledgerSchema, yearSummarySchema } from '@tidewatch/shared';
import { sql } from 'kysely';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

// The ledger API on stored rows (no chain): who may read it, what each bad query answers, and the rows,
// totals, year bounds and exports of a small history whose gas and prices are partly unknown. The stored
// figures are this test's own; every expected figure is worked from them here.
let t: TestApp;
let owner: { token: string; userId: number };
let stranger: { token: string };
const wallet = '0x00000000000000000000000000000000000A11cE';
const otherWallet = '0x00000000000000000000000000000000000B0b00';
const farmAddress = '0x000000000000000000000000000000000000fa53';
const pairAddress = '0x00000000000000000000000000000000000Fa1b5';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const e18 = 10n ** 18n;

const db = () => t.database.db;

async function insertToken(address: string, symbol: string, decimals: number): Promise<number> {
  const row = await db()
    .insertInto('tokens')
    .values({ chain_id: 137, address, symbol, name: symbol, decimals, created_at: new Date(0).toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertEvent(
  farmId: number,
  event: {
    kind: 'staked' | 'withdrawn' | 'reward_paid';
    tx: number;
    log: number;
    block: number;
    time: string;
    amount: bigint;
    usd: number | null;
    reward?: string;
  },
): Promise<void> {
  await db()
    .insertInto('position_events')
    .values({
      farm_id: farmId,
      wallet_address: wallet,
      kind: event.kind,
      reward_token_address: event.reward ?? null,
      amount: event.amount.toString(),
      block_number: event.block,
      block_time: event.time,
      tx_hash: hash(event.tx),
      log_index: event.log,
      amount0: event.kind === 'reward_paid' ? null : (2n * e18).toString(),
      amount1: event.kind === 'reward_paid' ? null : '1500000',
      usd: event.usd,
      usd_error: event.usd === null ? 'QUICK had no price at block 300' : null,
    })
    .execute();
}

async function insertFee(tx: number, feeWei: bigint, feeUsd: number | null): Promise<void> {
  await db()
    .insertInto('transaction_fees')
    .values({
      chain_id: 137,
      tx_hash: hash(tx),
      from_address: wallet,
      block_number: 1,
      block_time: '2025-01-01T00:00:00.000Z',
      status: 'known',
      gas_used: '21000',
      effective_gas_price: (feeWei / 21_000n).toString(),
      fee_wei: feeWei.toString(),
      pol_usd: feeUsd === null ? null : 0.25,
      fee_usd: feeUsd,
      price_error: feeUsd === null ? 'no POL price at its block' : null,
      error: null,
      attempts: 1,
      next_attempt_at: null,
      updated_at: new Date().toISOString(),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  const confirmed = await createConfirmedUser(t);
  const id = await sql<{ id: number }>`select id from users where email = ${confirmed.email}`.execute(db());
  owner = { token: confirmed.token, userId: id.rows[0]!.id };
  stranger = await createConfirmedUser(t);
  const at = new Date().toISOString();
  await db()
    .insertInto('wallets')
    .values({
      user_id: owner.userId,
      name: 'Watch-only',
      address: wallet,
      chain_id: 137,
      verified_at: at,
      is_watch_only: 1,
      created_at: at,
    })
    .execute();

  const wmatic = await insertToken('0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 'WMATIC', 18);
  const usdc = await insertToken('0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 'USDC', 6);
  const quick = await insertToken('0xB5C064F955D8e7F38fE0460C556a72987494eE17', 'QUICK', 18);
  const pool = await db()
    .insertInto('pools')
    .values({ chain_id: 137, address: pairAddress, token0_id: wmatic, token1_id: usdc, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const farm = await db()
    .insertInto('farms')
    .values({
      chain_id: 137,
      address: farmAddress,
      kind: 'lp',
      pool_id: pool.id,
      reward_token_a_id: quick,
      reward_token_b_id: null,
      url: 'https://quickswap.exchange/#/farm',
      period_finish: null,
      created_by: owner.userId,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('tracked_farms')
    .values({ user_id: owner.userId, farm_id: farm.id, wallet_address: wallet, created_at: at })
    .execute();

  // A stake at 23:30 UTC on Dec 31 2025 (2026 in Berlin), a claim without a price and a partial
  // withdrawal in 2026. Gas: the stake's known with its USD, the claim's receipt not read (no row), the
  // withdrawal's known in POL but not in USD.
  await insertEvent(farm.id, {
    kind: 'staked',
    tx: 1,
    log: 4,
    block: 100,
    time: '2025-12-31T23:30:00.000Z',
    amount: 10n * e18,
    usd: 1_000,
  });
  await insertEvent(farm.id, {
    kind: 'reward_paid',
    tx: 2,
    log: 0,
    block: 300,
    time: '2026-02-01T08:00:00.000Z',
    amount: 3n * e18 + 7n,
    usd: null,
    reward: '0xB5C064F955D8e7F38fE0460C556a72987494eE17',
  });
  await insertEvent(farm.id, {
    kind: 'withdrawn',
    tx: 3,
    log: 2,
    block: 400,
    time: '2026-03-01T08:00:00.000Z',
    amount: 4n * e18,
    usd: 410.5,
  });
  await insertFee(1, 4_200_000_000_000_000n, 0.00105);
  await insertFee(3, 2_100_000_000_000_001n, null);
});

afterAll(() => t?.close());

/** GET as the wallet's owner, as another user, or (null) without a session. */
const get = (url: string, token: string | null = owner.token) =>
  t.request({ method: 'GET', url, ...(token ? { token } : {}) });

describe('who may read the ledger', () => {
  it.each(['/api/ledger', '/api/ledger/summary', '/api/ledger.csv'])(
    '%s answers 401 without a session',
    async (path) => {
      const response = await get(`${path}?wallet=${wallet}&year=2025`, null);
      expect(response.statusCode).toBe(401);
    },
  );

  it.each(['/api/ledger', '/api/ledger/summary', '/api/ledger.csv'])(
    "%s answers 404 for an address that is not one of the user's wallets",
    async (path) => {
      const mine = await get(`${path}?wallet=${otherWallet}&year=2025`);
      expect(mine.statusCode).toBe(404);
      expect(mine.json().message).toContain('not one of your saved wallets');
      const theirs = await get(`${path}?wallet=${wallet}&year=2025`, stranger.token);
      expect(theirs.statusCode).toBe(404);
    },
  );
});

describe('bad queries answer 400 naming the field', () => {
  const farFuture = currentYearIn('Pacific/Kiritimati') + 1;
  it.each([
    ['/api/ledger', `wallet=${wallet}&year=25`, 'querystring.year'],
    ['/api/ledger', `wallet=${wallet}&year=2019`, 'querystring.year'],
    ['/api/ledger', `wallet=${wallet}&year=${farFuture}`, 'querystring.year'],
    ['/api/ledger/summary', `wallet=${wallet}&year=${farFuture}&tz=Europe/Berlin`, 'querystring.year'],
    ['/api/ledger/summary', `wallet=${wallet}`, 'querystring.year'],
    ['/api/ledger', `wallet=${wallet}&tz=Mars/Olympus_Mons`, 'querystring.tz'],
    ['/api/ledger.csv', `wallet=${wallet}&year=2025&format=excel`, 'querystring.format'],
    ['/api/ledger.csv', `wallet=${wallet}&year=2025&tz=not%20a%20zone`, 'querystring.tz'],
    ['/api/ledger', 'wallet=0x1234', 'querystring.wallet'],
    ['/api/ledger', `wallet=${wallet}&page=2`, 'querystring.page'],
  ])('%s?%s -> 400 naming %s', async (path, query, field) => {
    const response = await get(`${path}?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('takes the current year in the chosen zone', async () => {
    const response = await get(`/api/ledger?wallet=${wallet}&year=${currentYearIn('UTC')}&tz=UTC`);
    expect(response.statusCode).toBe(200);
  });
});

describe('rows and totals', () => {
  it('lists every row in chain order, the gas on each transaction, unknowns counted apart', async () => {
    const response = await get(`/api/ledger?wallet=${wallet.toLowerCase()}`);
    expect(response.statusCode).toBe(200);
    const body = ledgerSchema.parse(response.json());
    expect(body).toMatchObject({ wallet, year: null, tz: 'UTC' });
    expect(body.rows.map((r) => [r.id, r.kind, r.gas.status])).toEqual([
      [`v2:${hash(1)}:4`, 'stake', 'paid'],
      [`v2:${hash(2)}:0`, 'reward', 'unknown'],
      [`v2:${hash(3)}:2`, 'withdraw', 'paid'],
    ]);
    const [stake, reward, withdraw] = body.rows;
    expect(stake!.sent).toEqual([
      {
        address: pairAddress,
        symbol: 'WMATIC-USDC LP',
        decimals: 18,
        amount: (10n * e18).toString(),
        amount_display: '10',
      },
    ]);
    expect(stake!.underlying.map((u) => `${u.amount_display} ${u.symbol}`)).toEqual(['2 WMATIC', '1.5 USDC']);
    expect(stake!.counterparty).toBe(farmAddress);
    expect(stake!.gas).toEqual({
      status: 'paid',
      fee_pol: '4200000000000000',
      fee_pol_display: '0.0042',
      fee_usd: 0.00105,
      pol_usd: 0.25,
      gas_used: '21000',
      effective_gas_price: '200000000000',
    });
    expect(reward!.received[0]).toMatchObject({ symbol: 'QUICK', amount_display: '3.000000000000000007' });
    expect(reward!).toMatchObject({ usd: null, usd_error: 'QUICK had no price at block 300' });
    expect(reward!.gas).toMatchObject({ status: 'unknown', fee_pol: null, fee_usd: null });
    expect(withdraw!.gas).toMatchObject({ status: 'paid', fee_pol: '2100000000000001', fee_usd: null });
    expect(body.totals).toEqual({
      rows: 3,
      income_usd: 0,
      income_usd_unknown_rows: 1,
      gas_pol: (4_200_000_000_000_000n + 2_100_000_000_000_001n).toString(),
      gas_pol_display: '0.006300000000000001',
      gas_usd: 0.00105,
      gas_unknown_rows: 1,
      gas_usd_unknown_rows: 1,
      deposits_usd: 1_000,
      withdrawals_usd: 410.5,
      usd_unknown_rows: 1,
    });
  });

  it('counts a year from Jan 1 00:00 to Dec 31 24:00 in the chosen zone', async () => {
    const kinds = async (year: number, tz: string) =>
      ledgerSchema
        .parse((await get(`/api/ledger?wallet=${wallet}&year=${year}&tz=${encodeURIComponent(tz)}`)).json())
        .rows.map((r) => `${r.kind} ${r.local_time}`);
    // The stake at 23:30 UTC on Dec 31 2025 is 00:30 on Jan 1 2026 in Berlin.
    expect(await kinds(2025, 'UTC')).toEqual(['stake 2025-12-31 23:30:00']);
    expect(await kinds(2025, 'Europe/Berlin')).toEqual([]);
    expect(await kinds(2026, 'Europe/Berlin')).toEqual([
      'stake 2026-01-01 00:30:00',
      'reward 2026-02-01 09:00:00',
      'withdraw 2026-03-01 09:00:00',
    ]);
    expect(await kinds(2026, 'UTC')).toHaveLength(2);
  });

  it("sums a year's summary: income by token with its unknown rows, gas, deposits, withdrawals", async () => {
    const response = await get(`/api/ledger/summary?wallet=${wallet}&year=2026&tz=Europe/Berlin`);
    expect(response.statusCode).toBe(200);
    const summary = yearSummarySchema.parse(response.json());
    expect(summary.income).toEqual([
      {
        token: {
          address: '0xB5C064F955D8e7F38fE0460C556a72987494eE17',
          symbol: 'QUICK',
          decimals: 18,
          amount: (3n * e18 + 7n).toString(),
          amount_display: '3.000000000000000007',
        },
        usd: 0,
        usd_unknown_rows: 1,
        row_ids: [`v2:${hash(2)}:0`],
      },
    ]);
    expect(summary.gas).toMatchObject({
      pol: '6300000000000001',
      usd: 0.00105,
      unknown_rows: 1,
      usd_unknown_rows: 1,
    });
    expect(summary.gas.row_ids).toEqual([`v2:${hash(1)}:4`, `v2:${hash(2)}:0`, `v2:${hash(3)}:2`]);
    expect(summary.deposits).toMatchObject({ usd: 1_000, usd_unknown_rows: 0, row_ids: [`v2:${hash(1)}:4`] });
    expect(summary.deposits.by_token[0]).toMatchObject({ symbol: 'WMATIC-USDC LP', amount_display: '10' });
    expect(summary.withdrawals).toMatchObject({ usd: 410.5, row_ids: [`v2:${hash(3)}:2`] });
    expect(summary.rows).toHaveLength(3);
  });
});

describe('exports', () => {
  it('downloads each format as an attachment named by wallet, year and format', async () => {
    for (const format of ['koinly', 'cointracking', 'tidewatch']) {
      const response = await get(`/api/ledger.csv?wallet=${wallet}&year=2026&format=${format}&tz=UTC`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="tidewatch-ledger-${wallet}-2026-${format}.csv"`,
      );
      // 2026 in UTC: the claim and the withdrawal, one line each, after the header.
      expect(response.body.trimEnd().split('\r\n')).toHaveLength(3);
    }
  });

  it('writes the unknown gas and USD as empty cells, never 0', async () => {
    const response = await get(`/api/ledger.csv?wallet=${wallet}&year=2026&format=koinly`);
    const [, claim, withdrawal] = response.body.trimEnd().split('\r\n');
    expect(claim).toContain(',,,3.000000000000000007,QUICK,,,,,reward,');
    expect(claim).toContain('gas unknown');
    expect(withdrawal).toContain(',4,WMATIC-USDC LP,0.002100000000000001,POL,410.50,USD,remove from pool,');
  });
});

describe('what the ledger covers', () => {
  const historyWallet = getAddress('0x00000000000000000000000000000000000c0ffe');
  const unknownReward = '0x000000000000000000000000000000000000dEaD';
  const wmaticAddress = '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270';
  const usdcAddress = '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359';

  beforeAll(async () => {
    const at = new Date().toISOString();
    await db()
      .insertInto('wallets')
      .values({
        user_id: owner.userId,
        name: 'Old farmer',
        address: historyWallet,
        chain_id: 137,
        verified_at: at,
        is_watch_only: 1,
        created_at: at,
      })
      .execute();
    const tokenId = async (address: string) =>
      (await db().selectFrom('tokens').select('id').where('address', '=', address).executeTakeFirstOrThrow())
        .id;
    const pool = await db()
      .selectFrom('pools')
      .select('id')
      .where('address', '=', pairAddress)
      .executeTakeFirstOrThrow();
    // A farm nobody tracks any more: its stored history of the wallet stays the wallet's.
    const farm = await db()
      .insertInto('farms')
      .values({
        chain_id: 137,
        address: '0x000000000000000000000000000000000000fa54',
        kind: 'lp',
        pool_id: pool.id,
        reward_token_a_id: await tokenId('0xB5C064F955D8e7F38fE0460C556a72987494eE17'),
        reward_token_b_id: null,
        url: 'https://quickswap.exchange/#/farm',
        period_finish: null,
        created_by: owner.userId,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = (kind: 'staked' | 'reward_paid', tx: number, block: number, amount: bigint) => ({
      farm_id: farm.id,
      wallet_address: historyWallet,
      kind,
      reward_token_address: kind === 'reward_paid' ? unknownReward : null,
      amount: amount.toString(),
      block_number: block,
      block_time: `2024-0${block / 10}-01T00:00:00.000Z`,
      tx_hash: hash(tx),
      log_index: 0,
      amount0: null,
      amount1: null,
      usd: 5,
      usd_error: null,
    });
    await db()
      .insertInto('position_events')
      .values([event('staked', 50, 20, 2n * e18), event('reward_paid', 51, 30, 123n)])
      .execute();
    // A V3 position nobody tracks any more, minted to the wallet (its Transfer names it).
    const position = await db()
      .insertInto('v3_positions')
      .values({
        chain_id: 137,
        token_id: '77',
        pool_address: '0x00000000000000000000000000000000000000b3',
        token0_id: await tokenId(wmaticAddress),
        token1_id: await tokenId(usdcAddress),
        tick_lower: -60,
        tick_upper: 60,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const v3Event = (
      kind: 'transfer' | 'increase_liquidity',
      log: number,
      detail: unknown,
      amounts: unknown[],
    ) => ({
      position_id: position.id,
      kind,
      block_number: 40,
      block_time: '2024-04-01T00:00:00.000Z',
      tx_hash: hash(52),
      log_index: log,
      liquidity: kind === 'transfer' ? null : '1000',
      amounts: JSON.stringify(amounts),
      usd: kind === 'transfer' ? null : 3,
      usd_error: null,
      detail: detail === null ? null : JSON.stringify(detail),
      // As the history job stores them: the addresses a Transfer names, indexed for the ledger's lookup.
      owner_address: (detail as { from?: string } | null)?.from ?? null,
      recipient_address: (detail as { to?: string } | null)?.to ?? null,
    });
    await db()
      .insertInto('v3_position_events')
      .values([
        v3Event('transfer', 1, { from: '0x0000000000000000000000000000000000000000', to: historyWallet }, []),
        v3Event('increase_liquidity', 2, null, [
          { token: wmaticAddress, raw: e18.toString(), usd: 1 },
          { token: usdcAddress, raw: '2000000', usd: 2 },
        ]),
      ])
      .execute();
  });

  it('lists every stored event of the wallet, of farms and V3 positions tracked now or before', async () => {
    const response = await get(`/api/ledger?wallet=${historyWallet}`);
    expect(response.statusCode).toBe(200);
    const body = ledgerSchema.parse(response.json());
    expect(body.rows.map((r) => `${r.kind}@${r.block_number}`)).toEqual([
      'stake@20',
      'reward@30',
      'v3_deposit@40',
    ]);
    expect(body.rows[0]!.counterparty).toBe('0x000000000000000000000000000000000000fa54');
    expect(body.rows[2]!.sent.map((a) => `${a.amount_display} ${a.symbol}`)).toEqual(['1 WMATIC', '2 USDC']);
  });

  it("leaves a token of unknown decimals out of the tax tools' files and says so", async () => {
    const koinly = await get(`/api/ledger.csv?wallet=${historyWallet}&year=2024&format=koinly`);
    expect(koinly.statusCode).toBe(200);
    expect(koinly.body).not.toContain(hash(51));
    expect(koinly.headers['x-ledger-left-out']).toBe('1');
    expect(koinly.headers['x-ledger-left-out-reasons']).toBe('a token whose decimals are unknown (1)');
    const own = await get(`/api/ledger.csv?wallet=${historyWallet}&year=2024&format=tidewatch`);
    expect(own.body).toContain(hash(51));
    expect(own.headers['x-ledger-left-out']).toBe('0');
  });
});

describe('the final block the ledger is complete up to (review 2 item 14)', () => {
  const scannedWallet = getAddress('0x00000000000000000000000000000000000fee11');

  beforeAll(async () => {
    const at = new Date().toISOString();
    await db()
      .insertInto('wallets')
      .values({
        user_id: owner.userId,
        name: 'Scanned',
        address: scannedWallet,
        chain_id: 137,
        verified_at: at,
        is_watch_only: 1,
        created_at: at,
      })
      .execute();
    const tokenId = async (address: string) =>
      (await db().selectFrom('tokens').select('id').where('address', '=', address).executeTakeFirstOrThrow())
        .id;
    const pool = await db()
      .selectFrom('pools')
      .select('id')
      .where('address', '=', pairAddress)
      .executeTakeFirstOrThrow();
    const quickId = await tokenId('0xB5C064F955D8e7F38fE0460C556a72987494eE17');
    // A farm of the wallet read up to block 500, with its stake at 450.
    const farm = await db()
      .insertInto('farms')
      .values({
        chain_id: 137,
        address: '0x000000000000000000000000000000000000fa55',
        kind: 'lp',
        pool_id: pool.id,
        reward_token_a_id: quickId,
        reward_token_b_id: null,
        url: 'https://quickswap.exchange/#/farm',
        period_finish: null,
        created_by: owner.userId,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('position_events')
      .values({
        farm_id: farm.id,
        wallet_address: scannedWallet,
        kind: 'staked',
        reward_token_address: null,
        amount: e18.toString(),
        block_number: 450,
        block_time: '2025-02-01T00:00:00.000Z',
        tx_hash: hash(90),
        log_index: 0,
        amount0: null,
        amount1: null,
        usd: 4,
        usd_error: null,
      })
      .execute();
    await db()
      .insertInto('history_backfills')
      .values({
        farm_id: farm.id,
        wallet_address: scannedWallet,
        status: 'done',
        scanned_to_block: 500,
        next_attempt_at: at,
        updated_at: at,
      })
      .execute();
    // A V3 position tracked with the wallet a moment ago: its history not read yet, no event of it stored.
    const position = await db()
      .insertInto('v3_positions')
      .values({
        chain_id: 137,
        token_id: '91',
        pool_address: '0x00000000000000000000000000000000000000b4',
        token0_id: quickId,
        token1_id: quickId,
        tick_lower: -60,
        tick_upper: 60,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('v3_tracked_positions')
      .values({
        user_id: owner.userId,
        position_id: position.id,
        wallet_address: scannedWallet,
        created_at: at,
      })
      .execute();
    await db()
      .insertInto('v3_history_backfills')
      .values({
        position_id: position.id,
        status: 'pending',
        scanned_to_block: null,
        next_attempt_at: at,
        updated_at: at,
      })
      .execute();
  });

  it('is the lowest block read of the farms and positions whose events it lists, not of one with none yet', async () => {
    const body = ledgerSchema.parse((await get(`/api/ledger?wallet=${scannedWallet}`)).json());
    expect(body.rows.map((r) => `${r.kind}@${r.block_number}`)).toEqual(['stake@450']);
    expect(body.final_block).toBe(500);
    const summary = yearSummarySchema.parse(
      (await get(`/api/ledger/summary?wallet=${scannedWallet}&year=2025`)).json(),
    );
    expect(summary.final_block).toBe(500);
  });
});
