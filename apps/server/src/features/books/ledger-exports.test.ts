import { describe, expect, it } from 'vitest';
import { assembleLedger, type LedgerInputs } from '../../core/books/assemble-ledger.ts';
import { type LedgerFarm, type V2EventInput, v2Rows } from '../../core/books/v2-rows.ts';
import { type V3EventsInput, v3Rows } from '../../core/books/v3-rows.ts';
import type { TransactionFeeRow } from '../../core/db/tables/transaction-fees.ts';
import type { V3PositionEventRow } from '../../core/db/tables/v3-positions.ts';
import { coinTrackingHeader, renderCoinTrackingCsv } from './cointracking-csv.ts';
import { koinlyHeader, renderKoinlyCsv } from './koinly-csv.ts';
import { taxExportLeftOut } from './tax-export-rows.ts';
import { renderTidewatchCsv, tidewatchHeader } from './tidewatch-csv.ts';
import { ledgerTotals, yearSummary } from './totals.ts';

// A wallet's small history built by hand: an LP farm (stake; an exit = withdraw + reward in one
// transaction; a reward without a price), a V3 position (deposit; decrease + collect with fees in one
// transaction; a reward claim the history stored for two positions of the owner), a recovery send no
// event explains. Every figure below is this test's own arithmetic.
const wallet = '0x1111111111111111111111111111111111111111';
const someoneElse = '0x2222222222222222222222222222222222222222';
const wmatic = { address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', symbol: 'WMATIC', decimals: 18 };
const usdc = { address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', symbol: 'USDC', decimals: 6 };
const quick = { address: '0xB5C064F955D8e7F38fE0460C556a72987494eE17', symbol: 'QUICK', decimals: 18 };
const farm: LedgerFarm = {
  address: '0x3333333333333333333333333333333333333333',
  kind: 'lp',
  pairAddress: '0x6e7a5FAFcec6BB1e78bAE2A1F0B612012BF14827',
  token0: wmatic,
  token1: usdc,
};
const hash = (n: number) => `0x${String(n).padStart(64, '0')}`;
const e18 = 10n ** 18n;

const v2 = (
  kind: 'staked' | 'withdrawn' | 'reward_paid',
  tx: number,
  log: number,
  block: number,
  time: string,
  amount: bigint,
  usd: number | null,
): V2EventInput => ({
  farm,
  event: {
    id: tx * 10 + log,
    farm_id: 1,
    wallet_address: wallet,
    kind,
    reward_token_address: kind === 'reward_paid' ? quick.address : null,
    amount: amount.toString(),
    block_number: block,
    block_time: time,
    tx_hash: hash(tx),
    log_index: log,
    amount0: kind === 'reward_paid' ? null : '5000000000000000000',
    amount1: kind === 'reward_paid' ? null : '2500000',
    usd,
    usd_error: usd === null ? 'QUICK had no price at block 130' : null,
  },
});

const v3 = (
  kind: V3PositionEventRow['kind'],
  tx: number,
  log: number,
  block: number,
  amounts: { token: string; raw: string; usd: number | null }[],
): V3PositionEventRow => ({
  id: tx * 10 + log,
  position_id: 1,
  kind,
  block_number: block,
  block_time: '2025-06-01T12:00:00.000Z',
  tx_hash: hash(tx),
  log_index: log,
  liquidity: null,
  amounts: JSON.stringify(amounts),
  usd: amounts.some((a) => a.usd === null) ? null : amounts.reduce((s, a) => s + (a.usd ?? 0), 0),
  usd_error: null,
  // As the history job stores them: a Collect names its recipient, a claim its owner and `to` (the wallet's).
  detail:
    kind === 'collect'
      ? JSON.stringify({ recipient: wallet })
      : kind === 'reward_claimed'
        ? JSON.stringify({ owner: wallet, to: wallet })
        : null,
  owner_address: kind === 'reward_claimed' ? wallet : null,
  recipient_address: kind === 'collect' || kind === 'reward_claimed' ? wallet : null,
});

const fee = (tx: number, from: string, feeWei: bigint, feeUsd: number | null): TransactionFeeRow => ({
  id: tx,
  chain_id: 137,
  tx_hash: hash(tx),
  from_address: from,
  block_number: 1,
  block_time: '2025-01-01T00:00:00.000Z',
  block_hash: null,
  final_block: null,
  status: 'known',
  gas_used: '100000',
  effective_gas_price: (feeWei / 100_000n).toString(),
  fee_wei: feeWei.toString(),
  pol_usd: feeUsd === null ? null : 0.5,
  fee_usd: feeUsd,
  price_error: feeUsd === null ? 'no POL price' : null,
  error: null,
  attempts: 1,
  next_attempt_at: null,
  updated_at: '2025-01-01T00:00:00.000Z',
});

const claim = v3('reward_claimed', 8, 0, 300, [
  { token: quick.address, raw: (2n * e18).toString(), usd: 0.1 },
]);
const position = (tokenId: string) => ({
  tokenId,
  poolAddress: farm.pairAddress,
  token0: wmatic,
  token1: usdc,
});
const v2Events: V2EventInput[] = [
  // Staked 10 LP at 23:30 UTC on Dec 31 2024: already 2025 in Berlin.
  v2('staked', 1, 3, 100, '2024-12-31T23:30:00.000Z', 10n * e18, 1_000),
  // exit(): Withdrawn then RewardPaid, one transaction.
  v2('withdrawn', 2, 1, 120, '2025-03-01T10:00:00.000Z', 4n * e18, 450.25),
  v2('reward_paid', 2, 2, 120, '2025-03-01T10:00:00.000Z', 3n * e18 + 1n, 1.5),
  v2('reward_paid', 3, 0, 130, '2025-04-01T10:00:00.000Z', e18, null),
];
const v3Positions: V3EventsInput[] = [
  {
    position: position('42'),
    events: [
      v3('increase_liquidity', 5, 0, 200, [
        { token: wmatic.address, raw: (100n * e18).toString(), usd: 50 },
        { token: usdc.address, raw: '50000000', usd: 50 },
      ]),
      v3('decrease_liquidity', 6, 1, 250, [
        { token: wmatic.address, raw: (10n * e18).toString(), usd: 5 },
        { token: usdc.address, raw: '5000000', usd: 5 },
      ]),
      // Collect pays the 10 WMATIC / 5 USDC owed and 1 WMATIC / 0.5 USDC of fees.
      v3('collect', 6, 2, 250, [
        { token: wmatic.address, raw: (11n * e18).toString(), usd: 5.5 },
        { token: usdc.address, raw: '5500000', usd: 5.5 },
      ]),
      claim,
    ],
    isHeld: true,
  },
  { position: position('43'), events: [{ ...claim, position_id: 2 }], isHeld: true },
];
const tokens = new Map([wmatic, usdc, quick].map((t) => [t.address.toLowerCase(), t]));
/** The rows of these V2 events and of the V3 positions above, as the kinds' ledger sources make them. */
const draftsOf = (v2: V2EventInput[]) => [
  ...v2Rows(v2, tokens),
  ...v3Positions.flatMap((p) => v3Rows(p, tokens, undefined, wallet)),
];
const inputs: LedgerInputs = {
  chainId: 137,
  wallet,
  drafts: draftsOf(v2Events),
  fees: new Map([
    [hash(1), fee(1, wallet, 3n * 10n ** 15n, 0.0015)],
    [hash(2), fee(2, wallet, 2n * 10n ** 15n, null)],
    [hash(5), fee(5, someoneElse, 10n ** 15n, 0.0005)],
    [hash(6), fee(6, wallet, 10n ** 15n + 7n, 0.25)],
    [hash(8), fee(8, wallet, 10n ** 15n, 0.5)],
  ]),
  recorded: [
    {
      tx_hash: hash(9),
      gas_used: '50000',
      effective_gas_price: '30000000000',
      gas_usd: 0.75,
      block_number: 400,
      block_time: '2025-07-01T00:00:00.000Z',
      to_address: '0xa5E0829CaCEd8fFDD4De3c43696c57F7D7A678ff',
      step_kind: 'remove_liquidity',
      farm: null,
    },
  ],
};

/** RFC 4180 as the writers produce it (CRLF, quotes doubled), back to cells. */
function parseCsv(text: string): string[][] {
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
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return records;
}

/** The same wallet with other V2 events. */
const inputsOf = (v2: V2EventInput[]): LedgerInputs => ({ ...inputs, drafts: draftsOf(v2) });

const asObjects = (text: string) => {
  const [header, ...rows] = parseCsv(text);
  return {
    header: header!,
    rows: rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i]!]))),
  };
};

const rows = assembleLedger(inputs, 'Europe/Berlin');
const wire = rows.map(({ row }) => row);

describe('ledger rows from plain inputs', () => {
  it('lists every event once in chain order, the owner claim stored for two positions once', () => {
    expect(wire.map((r) => `${r.kind}@${r.block_number}`)).toEqual([
      'stake@100',
      'withdraw@120',
      'reward@120',
      'reward@130',
      'v3_deposit@200',
      'v3_withdraw@250',
      'v3_fees@250',
      'v3_reward@300',
      'fee_only@400',
    ]);
    expect(wire[0]!.id).toBe(`v2:${hash(1)}:3`);
    expect(wire[0]!.local_time).toBe('2025-01-01 00:30:00');
    expect(wire[0]!.sent).toEqual([
      {
        address: farm.pairAddress,
        symbol: 'WMATIC-USDC LP',
        decimals: 18,
        amount: (10n * e18).toString(),
        amount_display: '10',
      },
    ]);
    expect(wire[2]!.received[0]!.amount_display).toBe('3.000000000000000001');
  });

  it('puts the gas on the first row of each transaction: paid, not paid, unknown, none', () => {
    expect(wire.map((r) => r.gas.status)).toEqual([
      'paid',
      'paid',
      'none',
      'unknown',
      'not_paid',
      'paid',
      'none',
      'paid',
      'paid',
    ]);
    expect(wire[5]!.gas.fee_pol).toBe((10n ** 15n + 7n).toString());
    expect(wire[5]!.gas.fee_pol_display).toBe('0.001000000000000007');
    // The recorded send's own receipt: 50,000 gas at 30 gwei.
    expect(wire[8]!.gas.fee_pol).toBe((50_000n * 30_000_000_000n).toString());
  });

  it('counts the fee part of a collect as income, at the collect price in proportion', () => {
    const fees = wire[6]!;
    expect(fees.received.map((a) => `${a.amount_display} ${a.symbol}`)).toEqual(['1 WMATIC', '0.5 USDC']);
    expect(fees.usd).toBeCloseTo(5.5 / 11 + 5.5 / 11, 12);
  });

  it('totals known USD and counts unknown rows apart', () => {
    const totals = ledgerTotals(wire);
    const gasWei =
      3n * 10n ** 15n + 2n * 10n ** 15n + 10n ** 15n + 7n + 10n ** 15n + 50_000n * 30_000_000_000n;
    expect(totals).toMatchObject({
      rows: 9,
      income_usd_unknown_rows: 1,
      gas_pol: gasWei.toString(),
      gas_unknown_rows: 1,
      gas_usd_unknown_rows: 1,
      deposits_usd: 1_100,
      withdrawals_usd: 460.25,
      usd_unknown_rows: 1,
    });
    expect(totals.income_usd).toBeCloseTo(1.5 + 1 + 0.1, 10);
    expect(totals.gas_usd).toBeCloseTo(0.0015 + 0.25 + 0.5 + 0.75, 10);
  });

  it('sums a year summary by token', () => {
    const summary = yearSummary(rows, { wallet, year: 2025, tz: 'Europe/Berlin', final_block: 400 });
    const quickIncome = summary.income.find((i) => i.token.symbol === 'QUICK')!;
    expect(quickIncome.token.amount).toBe((3n * e18 + 1n + e18 + 2n * e18).toString());
    expect(quickIncome.usd).toBeCloseTo(1.6, 10);
    expect(quickIncome.usd_unknown_rows).toBe(1);
    expect(summary.deposits.row_ids).toEqual([wire[0]!.id, wire[4]!.id]);
    expect(summary.gas.unknown_rows).toBe(1);
  });
});

describe('exports', () => {
  it('Koinly: its header, UTC dates, its tags, LP sends and receives, the fee on the first line', () => {
    const { header, rows: lines } = asObjects(renderKoinlyCsv(rows));
    expect(header).toEqual([...koinlyHeader]);
    const stake = lines[0]!;
    expect(stake).toMatchObject({
      Date: '2024-12-31 23:30:00 UTC',
      'Sent Amount': '10',
      'Sent Currency': 'WMATIC-USDC LP',
      'Fee Amount': '0.003',
      'Fee Currency': 'POL',
      'Net Worth Amount': '1000.00',
      'Net Worth Currency': 'USD',
      // Untagged, Koinly would read the stake as a sale of the LP at market price.
      Label: 'add to pool',
      TxHash: hash(1),
    });
    expect(stake.Description).toContain(`stake to farm ${farm.address}`);
    expect(stake.Description).toContain(farm.pairAddress);
    const exit = lines.filter((line) => line.TxHash === hash(2));
    expect(exit.map((l) => [l['Received Currency'], l['Fee Amount'], l.Label])).toEqual([
      ['WMATIC-USDC LP', '0.002', 'remove from pool'],
      ['QUICK', '', 'reward'],
    ]);
    const unpriced = lines.find((line) => line.TxHash === hash(3))!;
    expect(unpriced['Net Worth Amount']).toBe('');
    expect(unpriced.Description).toContain('gas unknown');
    // The V3 deposit is a line per token; only the first carries the (here: someone else's, so no) fee.
    expect(
      lines.filter((l) => l.TxHash === hash(5)).map((l) => `${l['Sent Amount']} ${l['Sent Currency']}`),
    ).toEqual(['100 WMATIC', '50 USDC']);
    const cost = lines.find((line) => line.TxHash === hash(9))!;
    expect(cost).toMatchObject({ 'Sent Amount': '0.0015', 'Sent Currency': 'POL', Label: 'cost' });
  });

  it('CoinTracking: its quoted header, Staking / Income / Withdrawal / Deposit / Other Fee, UTC dates', () => {
    const text = renderCoinTrackingCsv(rows);
    expect(text.split('\r\n')[0]).toBe(coinTrackingHeader.map((h) => `"${h}"`).join(','));
    const { rows: lines } = asObjects(text);
    expect(lines.map((l) => l.Type)).toEqual([
      'Withdrawal',
      'Deposit',
      'Staking',
      'Staking',
      'Withdrawal',
      'Withdrawal',
      'Deposit',
      'Deposit',
      'Income',
      'Income',
      'Staking',
      'Other Fee',
    ]);
    expect(lines[0]).toMatchObject({
      'Sell Amount': '10',
      'Sell Currency': 'WMATIC-USDC LP',
      Fee: '0.003',
      'Fee Currency': 'POL',
      Exchange: 'QuickSwap (Polygon)',
      'Trade-Group': 'WMATIC-USDC LP farm 0x3333…3333',
      Date: '2024-12-31 23:30:00',
      'Sell Value in Account Currency': '1000.00',
    });
    expect(lines[2]).toMatchObject({ 'Buy Amount': '3.000000000000000001', 'Buy Currency': 'QUICK' });
  });

  it('Tidewatch: every field of every row, opening balances included', () => {
    const { header, rows: lines } = asObjects(renderTidewatchCsv(rows));
    expect(header).toEqual([...tidewatchHeader]);
    expect(lines).toHaveLength(9);
    expect(lines[6]).toMatchObject({ kind: 'v3_fees', received: '1 WMATIC; 0.5 USDC', token_id: '42' });
    expect(lines[3]).toMatchObject({
      usd: '',
      usd_error: 'QUICK had no price at block 130',
      gas_status: 'unknown',
    });
  });
});

describe('rows a tax tool cannot read stay out of its file, counted', () => {
  const stranger = '0x4444444444444444444444444444444444444444';
  const unknownReward: V2EventInput = {
    ...v2('reward_paid', 11, 0, 500, '2025-08-01T00:00:00.000Z', 7n, 2),
    event: {
      ...v2('reward_paid', 11, 0, 500, '2025-08-01T00:00:00.000Z', 7n, 2).event,
      reward_token_address: stranger,
    },
  };
  const assembled = assembleLedger(inputsOf([...v2Events, unknownReward]), 'UTC');
  // The recorded send's gas made unknown: a fee-only line would carry no amount at all.
  const withUnknownFee = assembled.map((entry) =>
    entry.row.kind === 'fee_only'
      ? {
          ...entry,
          row: {
            ...entry.row,
            gas: { ...entry.row.gas, status: 'unknown' as const, fee_pol: null, fee_pol_display: null },
          },
        }
      : entry,
  );

  it('Koinly and CoinTracking leave out a fee-only row without a known fee and a token of unknown decimals', () => {
    const koinly = asObjects(renderKoinlyCsv(withUnknownFee)).rows;
    expect(koinly.map((l) => l.TxHash)).not.toContain(hash(9));
    expect(koinly.map((l) => l.TxHash)).not.toContain(hash(11));
    for (const line of koinly) expect(line['Sent Amount'] || line['Received Amount']).not.toBe('');
    const coinTracking = asObjects(renderCoinTrackingCsv(withUnknownFee)).rows;
    expect(coinTracking.map((l) => l['Tx-ID'])).not.toContain(hash(9));
    expect(coinTracking.map((l) => l['Tx-ID'])).not.toContain(hash(11));
    for (const line of coinTracking) expect(line['Buy Amount'] || line['Sell Amount']).not.toBe('');
  });

  it('says how many rows stayed out and why; the Tidewatch file keeps them', () => {
    expect(taxExportLeftOut(withUnknownFee)).toEqual({
      rows: 2,
      reasons: ['a transaction fee whose receipt is not read (1)', 'a token whose decimals are unknown (1)'],
    });
    const own = asObjects(renderTidewatchCsv(withUnknownFee)).rows;
    expect(own.map((l) => l.tx_hash)).toEqual(expect.arrayContaining([hash(9), hash(11)]));
  });
});

describe("a transaction's gas when its first row stays out of a tax tool's file (review 2 item 13)", () => {
  const stranger = '0x5555555555555555555555555555555555555555';
  const strangeReward = (tx: number, log: number, block: number): V2EventInput => {
    const base = v2('reward_paid', tx, log, block, '2025-09-01T00:00:00.000Z', 7n, 2);
    return { ...base, event: { ...base.event, reward_token_address: stranger } };
  };
  // Tx 12: a reward of a token of unknown decimals (first row: the gas) then a withdrawal of 1 LP.
  // Tx 13: only such a reward. Each paid 0.004 POL (4e15 wei) at $0.002.
  const assembled = assembleLedger(
    {
      ...inputsOf([
        ...v2Events,
        strangeReward(12, 0, 600),
        v2('withdrawn', 12, 1, 600, '2025-09-01T00:00:00.000Z', e18, 45),
        strangeReward(13, 0, 610),
      ]),
      fees: new Map([
        ...inputs.fees,
        [hash(12), fee(12, wallet, 4n * 10n ** 15n, 0.002)],
        [hash(13), fee(13, wallet, 4n * 10n ** 15n, 0.002)],
      ]),
    },
    'UTC',
  );

  it('Koinly: the fee moves to the next line of the transaction, or to a fee-only line', () => {
    const lines = asObjects(renderKoinlyCsv(assembled)).rows;
    const withdrawal = lines.filter((l) => l.TxHash === hash(12));
    expect(withdrawal.map((l) => [l['Received Amount'], l['Fee Amount'], l['Fee Currency']])).toEqual([
      ['1', '0.004', 'POL'],
    ]);
    const cost = lines.filter((l) => l.TxHash === hash(13));
    expect(cost.map((l) => [l['Sent Amount'], l['Sent Currency'], l.Label])).toEqual([
      ['0.004', 'POL', 'cost'],
    ]);
  });

  it('CoinTracking: the same, as the fee of the next line or an Other Fee', () => {
    const lines = asObjects(renderCoinTrackingCsv(assembled)).rows;
    expect(
      lines.filter((l) => l['Tx-ID'] === hash(12)).map((l) => [l.Type, l.Fee, l['Fee Currency']]),
    ).toEqual([['Deposit', '0.004', 'POL']]);
    expect(
      lines.filter((l) => l['Tx-ID'] === hash(13)).map((l) => [l.Type, l['Sell Amount'], l['Sell Currency']]),
    ).toEqual([['Other Fee', '0.004', 'POL']]);
  });

  it('still counts the rows left out for their token', () => {
    expect(taxExportLeftOut(assembled)).toEqual({
      rows: 2,
      reasons: ['a token whose decimals are unknown (2)'],
    });
  });
});
