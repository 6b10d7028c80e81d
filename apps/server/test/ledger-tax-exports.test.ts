import { ledgerSchema } from '@tidewatch/shared';
import { sql } from 'kysely';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

// Issue 42, finding 6: the Koinly and CoinTracking files of a wallet that staked in a farm of old QUICK, claimed
// its old dQUICK, exited (withdrawal + reward in one transaction) and added and removed V3 liquidity, read back
// as each tool reads them: every line tagged so that no stake is a sale, a removal's lines under one hash, and
// old QUICK / old dQUICK named as every screen names them (a different token at a different price).
let t: TestApp;
let token: string;
const wallet = getAddress('0x00000000000000000000000000000000000ab1e5');
const farmAddress = '0x000000000000000000000000000000000000fa60';
const pairAddress = '0x00000000000000000000000000000000000Fa1b6';
const wmatic = '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270';
const usdc = '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359';
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

beforeAll(async () => {
  t = await createTestApp();
  const user = await createConfirmedUser(t);
  token = user.token;
  const userId = (await sql<{ id: number }>`select id from users where email = ${user.email}`.execute(db()))
    .rows[0]!.id;
  const at = new Date().toISOString();
  await db()
    .insertInto('wallets')
    .values({
      user_id: userId,
      name: 'Farmer',
      address: wallet,
      chain_id: 137,
      verified_at: at,
      is_watch_only: 1,
      created_at: at,
    })
    .execute();
  // The contracts answer 'QUICK' and 'dQUICK' for the old tokens: only Tidewatch's naming tells them apart.
  const oldQuick = await insertToken(t.config.quick.old, 'QUICK', 18);
  const usdcId = await insertToken(usdc, 'USDC', 6);
  const wmaticId = await insertToken(wmatic, 'WMATIC', 18);
  const oldDquick = await insertToken(t.config.dquick.old, 'dQUICK', 18);
  const pool = await db()
    .insertInto('pools')
    .values({ chain_id: 137, address: pairAddress, token0_id: oldQuick, token1_id: usdcId, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const farm = await db()
    .insertInto('farms')
    .values({
      chain_id: 137,
      address: farmAddress,
      kind: 'lp',
      pool_id: pool.id,
      reward_token_a_id: oldDquick,
      reward_token_b_id: null,
      url: 'https://quickswap.exchange/#/farm',
      period_finish: null,
      created_by: userId,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const v2 = (
    kind: 'staked' | 'withdrawn' | 'reward_paid',
    tx: number,
    log: number,
    amount: bigint,
    usd: number,
  ) => ({
    farm_id: farm.id,
    wallet_address: wallet,
    kind,
    reward_token_address: kind === 'reward_paid' ? t.config.dquick.old : null,
    amount: amount.toString(),
    block_number: tx * 100,
    block_time: `2025-0${tx}-01T12:00:00.000Z`,
    tx_hash: hash(tx),
    log_index: log,
    amount0: kind === 'reward_paid' ? null : (3n * e18).toString(),
    amount1: kind === 'reward_paid' ? null : '1500000',
    usd,
    usd_error: null,
  });
  await db()
    .insertInto('position_events')
    .values([
      v2('staked', 1, 0, 10n * e18, 100),
      v2('reward_paid', 2, 0, 15n * 10n ** 17n, 30),
      // exit(): the withdrawal and the rest of the reward in one transaction.
      v2('withdrawn', 3, 1, 10n * e18, 110),
      v2('reward_paid', 3, 2, 5n * 10n ** 17n, 10),
    ])
    .execute();
  // A V3 position minted to the wallet: 100 WMATIC + 50 USDC in, then 10 WMATIC + 5 USDC taken out and
  // collected with 1 WMATIC + 0.5 USDC of swap fees, in one transaction.
  const position = await db()
    .insertInto('v3_positions')
    .values({
      chain_id: 137,
      token_id: '501',
      pool_address: '0x00000000000000000000000000000000000000b5',
      token0_id: wmaticId,
      token1_id: usdcId,
      tick_lower: -60,
      tick_upper: 60,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const v3 = (
    kind: 'transfer' | 'increase_liquidity' | 'decrease_liquidity' | 'collect',
    tx: number,
    log: number,
    detail: Record<string, string> | null,
    amounts: [bigint, bigint] | null,
  ) => ({
    position_id: position.id,
    kind,
    block_number: tx * 100,
    block_time: `2025-0${tx}-01T12:00:00.000Z`,
    tx_hash: hash(tx),
    log_index: log,
    liquidity: kind === 'transfer' || kind === 'collect' ? null : '1000',
    amounts: JSON.stringify(
      amounts
        ? [
            { token: wmatic, raw: amounts[0].toString(), usd: 1 },
            { token: usdc, raw: amounts[1].toString(), usd: 1 },
          ]
        : [],
    ),
    usd: amounts ? 2 : null,
    usd_error: null,
    detail: detail === null ? null : JSON.stringify(detail),
    owner_address: detail?.from ?? null,
    recipient_address: detail?.to ?? detail?.recipient ?? null,
  });
  await db()
    .insertInto('v3_position_events')
    .values([
      v3('transfer', 4, 1, { from: '0x0000000000000000000000000000000000000000', to: wallet }, null),
      v3('increase_liquidity', 4, 2, null, [100n * e18, 50_000_000n]),
      v3('decrease_liquidity', 5, 1, null, [10n * e18, 5_000_000n]),
      v3('collect', 5, 2, { recipient: wallet }, [11n * e18, 5_500_000n]),
    ])
    .execute();
});

afterAll(() => t?.close());

/** RFC 4180 as the exports write it (CRLF, quotes doubled), as objects keyed by the header. */
function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      records.push([...record, cell]);
      record = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  const [header, ...rows] = records;
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
}

const download = async (format: 'koinly' | 'cointracking') => {
  const response = await t.request({
    method: 'GET',
    url: `/api/ledger.csv?wallet=${wallet}&format=${format}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return parseCsv(response.body);
};

describe('tax exports a tax tool reads right (issue 42)', () => {
  it('names old QUICK and old dQUICK as every screen does, in the rows and their labels', async () => {
    const response = await t.request({ method: 'GET', url: `/api/ledger?wallet=${wallet}`, token });
    expect(response.statusCode).toBe(200);
    const rows = ledgerSchema.parse(response.json()).rows;
    const [stake, claim] = rows;
    expect(stake!.sent.map((a) => a.symbol)).toEqual(['QUICK (old)-USDC LP']);
    expect(stake!.underlying.map((a) => a.symbol)).toEqual(['QUICK (old)', 'USDC']);
    expect(stake!.position.label).toMatch(/^QUICK \(old\)-USDC LP farm /);
    // Full precision stays in the API.
    expect(claim!.received).toEqual([
      {
        address: t.config.dquick.old,
        symbol: 'dQUICK (old)',
        decimals: 18,
        amount: (15n * 10n ** 17n).toString(),
        amount_display: '1.5',
      },
    ]);
  });

  it('Koinly: stakes add to pool, withdrawals remove from pool, rewards reward, a removal under one TxHash', async () => {
    const lines = await download('koinly');
    expect(
      lines.map((l) => [
        l.Label,
        `${l['Sent Amount']} ${l['Sent Currency']}`.trim(),
        `${l['Received Amount']} ${l['Received Currency']}`.trim(),
        l.TxHash,
      ]),
    ).toEqual([
      ['add to pool', '10 QUICK (old)-USDC LP', '', hash(1)],
      ['reward', '', '1.5 dQUICK (old)', hash(2)],
      ['remove from pool', '', '10 QUICK (old)-USDC LP', hash(3)],
      ['reward', '', '0.5 dQUICK (old)', hash(3)],
      // Liquidity in and out: Koinly tags these itself (no tag can be set by hand), one TxHash each.
      ['', '100 WMATIC', '', hash(4)],
      ['', '50 USDC', '', hash(4)],
      ['', '', '10 WMATIC', hash(5)],
      ['', '', '5 USDC', hash(5)],
      ['reward', '', '1 WMATIC', hash(5)],
      ['reward', '', '0.5 USDC', hash(5)],
    ]);
  });

  it('CoinTracking: rewards Staking, swap fees Income, stakes and withdrawals transfers, old dQUICK named', async () => {
    const lines = await download('cointracking');
    expect(
      lines.map((l) => [
        l.Type,
        `${l['Sell Amount']} ${l['Sell Currency']}`.trim(),
        `${l['Buy Amount']} ${l['Buy Currency']}`.trim(),
        l['Tx-ID'],
      ]),
    ).toEqual([
      ['Withdrawal', '10 QUICK (old)-USDC LP', '', hash(1)],
      ['Staking', '', '1.5 dQUICK (old)', hash(2)],
      ['Deposit', '', '10 QUICK (old)-USDC LP', hash(3)],
      ['Staking', '', '0.5 dQUICK (old)', hash(3)],
      ['Withdrawal', '100 WMATIC', '', hash(4)],
      ['Withdrawal', '50 USDC', '', hash(4)],
      ['Deposit', '', '10 WMATIC', hash(5)],
      ['Deposit', '', '5 USDC', hash(5)],
      ['Income', '', '1 WMATIC', hash(5)],
      ['Income', '', '0.5 USDC', hash(5)],
    ]);
  });
});
