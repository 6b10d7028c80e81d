import { isSameAddress } from '@tidewatch/shared';
import {
  type Ledger,
  type LedgerRow,
  ledgerSchema,
  positionBooksSchema,
  yearSummarySchema,
} from '@tidewatch/shared/ledger';
import { worldAppEnv, worldPriceOptions } from '@tidewatch/testkit';
import { parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose, startTestChain, type TestChain } from '../src/core/chain/testing.ts';
import { runHistoryJob } from '../src/core/history/backfill.ts';
import { createOnchainPriceSource, type OnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createSnapshotPipeline, type SnapshotPipeline } from '../src/core/snapshots/pipeline.ts';
import { importWorldFarm } from './farms-setup.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';
import {
  Arithmetic,
  chainStart,
  dualFarmKey,
  type ExpectedRow,
  jobNow,
  lpFarmKey,
  minePastFinality,
  runScript,
  type ScriptResult,
  wallet,
} from './ledger-acceptance-script.ts';
import { bob, connectWallet } from './wallets-helpers.ts';

// Issue 35's acceptance: a scripted history on the local chain over two calendar years, then the books the
// app keeps of it, each figure against this test's own arithmetic from receipts and reserves
// (ledger-acceptance-script.ts). anvil runs with one slot per epoch: its `finalized` block is head − 2.

const intervalMs = 3_600_000;
let t: TestChain;
let app: TestApp;
let pipeline: SnapshotPipeline;
let prices: { onchain: OnchainPriceSource };
let script: ScriptResult;
let math: Arithmetic;
let expected: ExpectedRow[];
let user: { token: string };
/** The wallet's ledger read with the exit at the head, and again after blocks past it were mined. */
let finality: { head: bigint; before: Ledger; after: Ledger };

const db = () => app.database.db;
const lpFarm = () => t.world.farms[lpFarmKey];
const dualFarm = () => t.world.farms[dualFarmKey];

beforeAll(async () => {
  t = await startTestChain({
    anvilArgs: ['--timestamp', String(chainStart), '--slots-in-an-epoch', '1'],
  });
  script = await runScript(t);
  math = new Arithmetic(t);
  expected = await math.expectedRows(script.farmTxs);

  prices = { onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(t.world) }) };
  app = await createTestApp({
    env: { ...worldAppEnv(t.world), FINALITY: 'finalized', BACKFILL_DAYS: '90' },
    deps: { chain: t.chain, prices },
  });
  pipeline = createSnapshotPipeline({ db: db(), chain: t.chain, prices, chainId: t.world.chainId });
  const w = { t, testApp: app, writer: pipeline, prices, close: async () => {} };
  await importWorldFarm(w, lpFarm());
  await importWorldFarm(w, dualFarm());

  // Sign up, save the wallet through the connect guide (it signs the server's message), track both farms.
  const confirmed = await createConfirmedUser(app);
  user = { token: confirmed.token };
  expect(bob.address).toBe(wallet);
  const saved = await connectWallet(app, user.token, bob);
  expect(saved.statusCode, saved.body).toBe(200);
  for (const [url, farm] of [
    ['/api/quickswap/track-farmable-pool', lpFarm()],
    ['/api/quickswap/dual-mining/tracked-farm', dualFarm()],
  ] as const) {
    const tracked = await app.request({
      method: 'POST',
      url,
      token: user.token,
      payload: { farm_address: farm.address, wallet_address: wallet },
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
  }

  // The history job as the worker runs it: first with the exit at the head (anvil's finalized block is two
  // below), then once blocks past it are mined and the pairs' catch-up is due.
  const head = await t.anvil.client.getBlockNumber();
  await runJobUntilDone(jobNow);
  const before = await ledger('');
  await minePastFinality(t, 3);
  await runJobUntilDone(new Date(jobNow.getTime() + intervalMs + 1_000));
  finality = { head, before, after: await ledger('') };
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.stop();
});

/**
 * Runs the history job as the worker does (BACKFILL_DAYS and FINALITY from the app's config, POL priced for
 * the gas stage) until both pairs are done and not due again at `now`.
 */
async function runJobUntilDone(now: Date): Promise<void> {
  for (let run = 0; run < 200; run++) {
    await runHistoryJob({
      ...app.config.history,
      db: db(),
      chain: t.chain,
      pipeline,
      gas: { chainId: t.world.chainId, prices, wmatic: app.config.wmaticAddress },
      intervalMs,
      now: () => now,
    });
    const rows = await db().selectFrom('history_backfills').selectAll().execute();
    for (const row of rows) expect(['pending', 'running', 'done'], row.error ?? '').toContain(row.status);
    const isDue = rows.some(
      (row) => row.status !== 'done' || Date.parse(row.next_attempt_at!) <= now.getTime(),
    );
    if (rows.length === 2 && !isDue) return;
  }
  throw new Error('the history job did not finish');
}

async function get(url: string) {
  const response = await app.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
}

const ledger = async (query: string) =>
  ledgerSchema.parse((await get(`/api/ledger?wallet=${wallet}${query}`)).json());

/** 'YYYY-MM-DD HH:mm:ss' of `date` in time zone `tz` (Intl, not the app's formatting). */
function localTime(date: Date, tz: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The expected rows of calendar year `year` in `tz`: Jan 1 00:00 to Dec 31 24:00 there. */
const rowsOfYear = (year: number, tz: string) =>
  expected.filter((row) => Number(localTime(row.time, tz).slice(0, 4)) === year);

/** An exact decimal string that stands for exactly `amount` base units. */
function expectExactDisplay(display: string | null, amount: bigint, decimals: number, what: string): void {
  expect(display, what).toMatch(/^\d+(\.\d+)?$/);
  expect(parseUnits(display!, decimals), what).toBe(amount);
}

function expectClose(actual: number | null | undefined, want: number, what: string): void {
  expect(isRelativelyClose(actual ?? null, want), `${what}: ${actual} vs ${want}`).toBe(true);
}

function expectRow(row: LedgerRow, want: ExpectedRow, tz: string): void {
  const what = `${want.kind} ${want.id}`;
  expect(row.id.toLowerCase(), what).toBe(want.id.toLowerCase());
  expect(row.kind, what).toBe(want.kind);
  expect(row.tx_hash.toLowerCase(), what).toBe(want.txHash.toLowerCase());
  expect(row.block_number, what).toBe(Number(want.block));
  expect(row.block_time, what).toBe(want.time.toISOString());
  expect(row.local_time, what).toBe(localTime(want.time, tz));
  expect(row.position.tool, what).toBe(want.farm.kind);
  expect(isSameAddress(row.position.farm_address, want.farm.address), what).toBe(true);
  expect(row.position.token_id, what).toBeNull();
  expect(isSameAddress(row.counterparty, want.farm.address), what).toBe(true);
  const [moved, none] = want.kind === 'stake' ? [row.sent, row.received] : [row.received, row.sent];
  expect(none, what).toEqual([]);
  expect(moved, what).toHaveLength(1);
  expect(isSameAddress(moved[0]!.address, want.token.address), what).toBe(true);
  expect(moved[0]!.decimals, what).toBe(want.token.decimals);
  expect(moved[0]!.amount, what).toBe(want.token.amount.toString());
  expectExactDisplay(moved[0]!.amount_display, want.token.amount, want.token.decimals, what);
  if (want.kind === 'reward') expect(moved[0]!.symbol, what).toBe(want.token.symbol);
  expect(row.underlying, what).toHaveLength(want.underlying.length);
  for (const side of want.underlying) {
    const got = row.underlying.find((u) => isSameAddress(u.address, side.address));
    expect(got?.amount, `${what} underlying ${side.symbol}`).toBe(side.amount.toString());
    expect(got?.symbol, what).toBe(side.symbol);
    expectExactDisplay(got?.amount_display ?? null, side.amount, side.decimals, what);
  }
  expectClose(row.usd, want.usd, `${what} usd`);
  expect(row.usd_error, what).toBeNull();
  if (want.gas) {
    expect(row.gas.status, what).toBe('paid');
    expect(row.gas.gas_used, what).toBe(want.gas.gasUsed.toString());
    expect(row.gas.effective_gas_price, what).toBe(want.gas.effectiveGasPrice.toString());
    expect(row.gas.fee_pol, what).toBe(want.gas.feeWei.toString());
    expectExactDisplay(row.gas.fee_pol_display, want.gas.feeWei, 18, `${what} fee_pol_display`);
    expectClose(row.gas.pol_usd, want.gas.polUsd, `${what} pol_usd`);
    expectClose(row.gas.fee_usd, want.gas.feeUsd, `${what} fee_usd`);
  } else {
    expect(row.gas.status, what).toBe('none');
    expect(row.gas.fee_pol, what).toBeNull();
    expect(row.gas.fee_usd, what).toBeNull();
  }
}

/** Both years in UTC and in Berlin, where the claim at 23:30 UTC on Dec 31 falls in 2026. */
const yearsAndZones = [
  [2025, 'UTC'],
  [2026, 'UTC'],
  [2025, 'Europe/Berlin'],
  [2026, 'Europe/Berlin'],
] as const;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const sumBig = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
const gasRows = (rows: ExpectedRow[]) => rows.filter((row) => row.gas !== null);
const ofKind = (rows: ExpectedRow[], kind: ExpectedRow['kind']) => rows.filter((row) => row.kind === kind);

describe('the books of a scripted two-year history', () => {
  it('scripts a history whose prices and gas prices differ from event to event', async () => {
    // LP: 2 stakes, a partial withdrawal, a claim, the exit (its withdrawal and its claim); dual: a stake, 2
    // claims of 2 tokens each, a partial withdrawal. 12 rows over 2025 and 2026, in chain order.
    expect(expected.map((row) => `${row.farm.kind} ${row.kind}`)).toEqual([
      'lp stake',
      'dual stake',
      'dual reward',
      'dual reward',
      'lp withdraw',
      'lp stake',
      'lp reward',
      'dual withdraw',
      'dual reward',
      'dual reward',
      'lp withdraw',
      'lp reward',
    ]);
    expect(rowsOfYear(2025, 'UTC').length).toBeGreaterThan(0);
    expect(rowsOfYear(2026, 'UTC').length).toBeGreaterThan(0);
    const gasPrices = new Set(gasRows(expected).map((row) => row.gas!.effectiveGasPrice));
    expect(gasPrices.size).toBe(gasRows(expected).length);
    const polPrices = new Set(gasRows(expected).map((row) => row.gas!.polUsd));
    expect(polPrices.size).toBeGreaterThan(2);
    const dquick = expected.filter((row) => row.kind === 'reward' && row.token.symbol === 'dQUICK (old)');
    expect(new Set(dquick.map((row) => row.usd / Number(row.token.amount))).size).toBe(dquick.length);
    for (const row of expected) expect(row.usd).toBeGreaterThan(0);
  });

  it('reads only final blocks: the exit at the head entered only once blocks past it were mined', async () => {
    const { head, before, after } = finality;
    expect(head).toBe(script.exit.block);
    expect(before.final_block).toBeLessThanOrEqual(Number(head) - 2);
    expect(before.rows.map((row) => row.tx_hash.toLowerCase())).not.toContain(script.exit.hash.toLowerCase());
    expect(before.rows.map((row) => row.id.toLowerCase())).toEqual(
      expected.filter((row) => row.block < head - 1n).map((row) => row.id.toLowerCase()),
    );
    expect(after.final_block).toBeGreaterThanOrEqual(Number(script.exit.block));
    expect(after.rows.map((row) => row.id.toLowerCase())).toEqual(
      expected.map((row) => row.id.toLowerCase()),
    );
  });

  for (const [year, tz] of yearsAndZones) {
    it(`lists every row of ${year} in ${tz} with its amounts, worth and gas at its block, and the totals`, async () => {
      const body = await ledger(`&year=${year}&tz=${encodeURIComponent(tz)}`);
      expect(body).toMatchObject({ year, tz });
      const want = rowsOfYear(year, tz);
      expect(body.rows).toHaveLength(want.length);
      for (const [i, row] of body.rows.entries()) expectRow(row, want[i]!, tz);

      const gas = gasRows(want);
      const totals = body.totals;
      expect(totals.rows).toBe(want.length);
      expectClose(totals.income_usd, sum(ofKind(want, 'reward').map((r) => r.usd)), 'income_usd');
      expect(totals.gas_pol).toBe(sumBig(gas.map((r) => r.gas!.feeWei)).toString());
      expectExactDisplay(
        totals.gas_pol_display,
        sumBig(gas.map((r) => r.gas!.feeWei)),
        18,
        'gas_pol_display',
      );
      expectClose(totals.gas_usd, sum(gas.map((r) => r.gas!.feeUsd)), 'gas_usd');
      expectClose(totals.deposits_usd, sum(ofKind(want, 'stake').map((r) => r.usd)), 'deposits_usd');
      expectClose(totals.withdrawals_usd, sum(ofKind(want, 'withdraw').map((r) => r.usd)), 'withdrawals_usd');
      expect(totals).toMatchObject({
        income_usd_unknown_rows: 0,
        gas_unknown_rows: 0,
        gas_usd_unknown_rows: 0,
        usd_unknown_rows: 0,
      });
    });
  }

  for (const tz of ['UTC', 'Europe/Berlin']) {
    it(`sums each year in ${tz}: income by token, gas, deposits, withdrawals and the rows behind them`, async () => {
      for (const year of [2025, 2026]) {
        const what = `${year} ${tz}`;
        const summary = yearSummarySchema.parse(
          (
            await get(`/api/ledger/summary?wallet=${wallet}&year=${year}&tz=${encodeURIComponent(tz)}`)
          ).json(),
        );
        const want = rowsOfYear(year, tz);
        const ids = (rows: ExpectedRow[]) => rows.map((row) => row.id.toLowerCase()).sort();
        const got = (rowIds: string[]) => rowIds.map((id) => id.toLowerCase()).sort();
        expect(summary).toMatchObject({ year, tz });
        expect(summary.rows).toHaveLength(want.length);
        for (const [i, row] of summary.rows.entries()) expectRow(row, want[i]!, tz);

        const rewards = ofKind(want, 'reward');
        const tokens = [...new Set(rewards.map((row) => row.token.address))];
        expect(summary.income, what).toHaveLength(tokens.length);
        for (const token of tokens) {
          const mine = rewards.filter((row) => row.token.address === token);
          const line = summary.income.find((l) => isSameAddress(l.token.address, token));
          const amount = sumBig(mine.map((row) => row.token.amount));
          expect(line?.token.amount, `${what} income ${token}`).toBe(amount.toString());
          expectExactDisplay(line?.token.amount_display ?? null, amount, mine[0]!.token.decimals, what);
          expectClose(line?.usd, sum(mine.map((row) => row.usd)), `${what} income usd ${token}`);
          expect(line?.usd_unknown_rows).toBe(0);
          expect(got(line?.row_ids ?? []), what).toEqual(ids(mine));
        }

        const gas = gasRows(want);
        expect(summary.gas.pol, what).toBe(sumBig(gas.map((r) => r.gas!.feeWei)).toString());
        expectExactDisplay(summary.gas.pol_display, sumBig(gas.map((r) => r.gas!.feeWei)), 18, what);
        expectClose(summary.gas.usd, sum(gas.map((r) => r.gas!.feeUsd)), `${what} gas usd`);
        expect(summary.gas).toMatchObject({ unknown_rows: 0, usd_unknown_rows: 0 });
        expect(got(summary.gas.row_ids), what).toEqual(ids(gas));

        for (const [field, kind] of [
          ['deposits', 'stake'],
          ['withdrawals', 'withdraw'],
        ] as const) {
          const mine = ofKind(want, kind);
          const figure = summary[field];
          expectClose(figure.usd, sum(mine.map((row) => row.usd)), `${what} ${field} usd`);
          expect(figure.usd_unknown_rows).toBe(0);
          expect(got(figure.row_ids), `${what} ${field}`).toEqual(ids(mine));
          const lps = [...new Set(mine.map((row) => row.token.address))];
          expect(figure.by_token, `${what} ${field}`).toHaveLength(lps.length);
          for (const lp of lps) {
            const amount = sumBig(
              mine.filter((row) => row.token.address === lp).map((row) => row.token.amount),
            );
            expect(
              figure.by_token.find((b) => isSameAddress(b.address, lp))?.amount,
              `${what} ${field} ${lp}`,
            ).toBe(amount.toString());
          }
        }
      }
      // The claim at 23:30 UTC on Dec 31 belongs to 2025 in UTC and to 2026 in Berlin.
      const lateClaim = expected.find((row) => row.time.toISOString() === '2025-12-31T23:30:00.000Z')!;
      expect(lateClaim.kind).toBe('reward');
      const yearOf = tz === 'UTC' ? 2025 : 2026;
      expect(rowsOfYear(yearOf, tz)).toContain(lateClaim);
    });
  }

  it('exports each year for Koinly with its documented columns (dates in UTC, the year in the chosen zone)', async () => {
    for (const [year, tz] of yearsAndZones) {
      const response = await get(
        `/api/ledger.csv?wallet=${wallet}&year=${year}&format=koinly&tz=${encodeURIComponent(tz)}`,
      );
      expectCsvDownload(response, year, 'koinly');
      const [header, ...lines] = parseCsv(response.body);
      expect(header).toEqual([
        'Date',
        'Sent Amount',
        'Sent Currency',
        'Received Amount',
        'Received Currency',
        'Fee Amount',
        'Fee Currency',
        'Net Worth Amount',
        'Net Worth Currency',
        'Label',
        'Description',
        'TxHash',
      ]);
      const want = rowsOfYear(year, tz);
      expect(lines).toHaveLength(want.length);
      for (const [i, line] of lines.entries()) {
        const row = want[i]!;
        const what = `koinly ${year} ${tz} ${row.kind} ${row.id}`;
        const cell = Object.fromEntries(header!.map((name, k) => [name, line[k] ?? '']));
        expect(cell.Date, what).toBe(`${localTime(row.time, 'UTC')} UTC`);
        const currency = row.kind === 'reward' ? row.token.symbol : math.lpCode(row.farm);
        const [moved, empty] = row.kind === 'stake' ? ['Sent', 'Received'] : ['Received', 'Sent'];
        expectExactDisplay(cell[`${moved} Amount`]!, row.token.amount, row.token.decimals, what);
        expect(cell[`${moved} Currency`], what).toBe(currency);
        expect([cell[`${empty} Amount`], cell[`${empty} Currency`]], what).toEqual(['', '']);
        expectFee(cell['Fee Amount']!, cell['Fee Currency']!, row, what);
        expectCsvUsd(cell['Net Worth Amount']!, row.usd, what);
        expect(cell['Net Worth Currency'], what).toBe('USD');
        const label = { reward: 'reward', stake: 'add to pool', withdraw: 'remove from pool' }[row.kind];
        expect(cell.Label, what).toBe(label);
        expect(cell.Description!.toLowerCase(), what).toContain(row.farm.address.toLowerCase());
        if (row.kind !== 'reward')
          expect(cell.Description!.toLowerCase(), what).toContain(row.farm.pair.toLowerCase());
        expect(cell.TxHash!.toLowerCase(), what).toBe(row.txHash.toLowerCase());
      }
    }
  });

  it('exports each year for CoinTracking with its documented columns', async () => {
    const labels = new Map((await ledger('')).rows.map((row) => [row.id.toLowerCase(), row.position.label]));
    for (const [year, tz] of yearsAndZones) {
      const response = await get(
        `/api/ledger.csv?wallet=${wallet}&year=${year}&format=cointracking&tz=${encodeURIComponent(tz)}`,
      );
      expectCsvDownload(response, year, 'cointracking');
      const [header, ...lines] = parseCsv(response.body);
      expect(header).toEqual([
        'Type',
        'Buy Amount',
        'Buy Currency',
        'Sell Amount',
        'Sell Currency',
        'Fee',
        'Fee Currency',
        'Exchange',
        'Trade-Group',
        'Comment',
        'Date',
        'Tx-ID',
        'Buy Value in Account Currency',
        'Sell Value in Account Currency',
      ]);
      const want = rowsOfYear(year, tz);
      expect(lines).toHaveLength(want.length);
      for (const [i, line] of lines.entries()) {
        const row = want[i]!;
        const what = `cointracking ${year} ${tz} ${row.kind} ${row.id}`;
        const cell = Object.fromEntries(header!.map((name, k) => [name, line[k] ?? '']));
        const type = { reward: 'Staking', stake: 'Withdrawal', withdraw: 'Deposit' }[row.kind];
        expect(cell.Type, what).toBe(type);
        const currency = row.kind === 'reward' ? row.token.symbol : math.lpCode(row.farm);
        const [side, other] = row.kind === 'stake' ? ['Sell', 'Buy'] : ['Buy', 'Sell'];
        expectExactDisplay(cell[`${side} Amount`]!, row.token.amount, row.token.decimals, what);
        expect(cell[`${side} Currency`], what).toBe(currency);
        expect([cell[`${other} Amount`], cell[`${other} Currency`]], what).toEqual(['', '']);
        expectFee(cell.Fee!, cell['Fee Currency']!, row, what);
        expect(cell.Exchange, what).toBe('QuickSwap (Polygon)');
        expect(cell['Trade-Group'], what).toBe(labels.get(row.id.toLowerCase()));
        if (row.kind !== 'reward')
          expect(cell.Comment!.toLowerCase(), what).toContain(row.farm.pair.toLowerCase());
        expect(cell.Date, what).toBe(localTime(row.time, 'UTC'));
        expect(cell['Tx-ID']!.toLowerCase(), what).toBe(row.txHash.toLowerCase());
        expectCsvUsd(cell[`${side} Value in Account Currency`]!, row.usd, what);
        expect(cell[`${other} Value in Account Currency`], what).toBe('');
      }
    }
  });

  it("exports the app's own columns with every row", async () => {
    for (const year of [2025, 2026]) {
      const response = await get(`/api/ledger.csv?wallet=${wallet}&year=${year}&format=tidewatch`);
      expectCsvDownload(response, year, 'tidewatch');
      const [header, ...lines] = parseCsv(response.body);
      const column = (name: string) => header!.indexOf(name);
      for (const name of ['id', 'kind', 'tx_hash', 'block_number', 'usd']) expect(header).toContain(name);
      const want = rowsOfYear(year, 'UTC');
      expect(lines.map((line) => line[column('id')]!.toLowerCase())).toEqual(
        want.map((r) => r.id.toLowerCase()),
      );
      for (const [i, line] of lines.entries()) {
        expect(line[column('kind')]).toBe(want[i]!.kind);
        expect(line[column('block_number')]).toBe(want[i]!.block.toString());
        expectCsvUsd(line[column('usd')]!, want[i]!.usd, `tidewatch ${want[i]!.id}`);
      }
    }
  });

  for (const key of [lpFarmKey, dualFarmKey]) {
    it(`shows the ${key} position's books: gas, rewards income and total profit`, async () => {
      const farm = t.world.farms[key];
      const response = await get(`/api/quickswap/farm/details/${farm.address}?account=${wallet}`);
      const books = positionBooksSchema.parse(response.json().books);
      const mine = expected.filter((row) => row.farm.key === key);
      const lastEvent = mine.at(-1)!.block;
      // 'Now' is read after the position's last event, so the value and the withdrawals never overlap.
      expect(books.as_of_block).toBeGreaterThanOrEqual(Number(lastEvent));
      const now = await math.positionAt(farm, BigInt(books.as_of_block));
      const deposited = sum(ofKind(mine, 'stake').map((r) => r.usd));
      const withdrawn = sum(ofKind(mine, 'withdraw').map((r) => r.usd));
      const claimed = sum(ofKind(mine, 'reward').map((r) => r.usd));
      const gasWei = sumBig(gasRows(mine).map((r) => r.gas!.feeWei));
      const gasUsd = sum(gasRows(mine).map((r) => r.gas!.feeUsd));
      // The LP position was exited; the dual one is still open and, funded again on Jan 1, still earning.
      if (key === lpFarmKey) expect([now.valueUsd, now.pendingUsd]).toEqual([0, 0]);
      else expect(Math.min(now.valueUsd, now.pendingUsd)).toBeGreaterThan(0);
      expectClose(books.value_now_usd, now.valueUsd, 'value_now_usd');
      expectClose(books.deposited_usd, deposited, 'deposited_usd');
      expectClose(books.withdrawn_usd, withdrawn, 'withdrawn_usd');
      expectClose(books.rewards_income_usd, claimed, 'rewards_income_usd');
      expectClose(books.pending_rewards_usd, now.pendingUsd, 'pending_rewards_usd');
      expect(books.gas_pol).toBe(gasWei.toString());
      expectClose(books.gas_usd, gasUsd, 'gas_usd');
      expect(books).toMatchObject({ gas_unknown_rows: 0, usd_unknown_rows: 0 });
      expectClose(
        books.total_profit_usd,
        now.valueUsd + withdrawn + claimed - deposited - gasUsd,
        'total_profit_usd',
      );
      expect(books.prices.length).toBeGreaterThan(0);
    });
  }
});

function expectCsvDownload(
  response: { headers: Record<string, unknown> },
  year: number,
  format: string,
): void {
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  expect(String(response.headers['content-disposition']).toLowerCase()).toContain(
    `tidewatch-ledger-${wallet.toLowerCase()}-${year}-${format}.csv`,
  );
}

/** The fee on a transaction's first row only: exact POL. */
function expectFee(amount: string, currency: string, row: ExpectedRow, what: string): void {
  if (row.gas) {
    expectExactDisplay(amount, row.gas.feeWei, 18, `${what} fee`);
    expect(currency, what).toBe('POL');
  } else {
    expect([amount, currency], what).toEqual(['', '']);
  }
}

/** USD in a CSV: at least 2 decimals, as computed (a rounding to the cent at most). */
function expectCsvUsd(cell: string, usd: number, what: string): void {
  expect(cell, what).toMatch(/^-?\d+\.\d{2,}$/);
  expect(Math.abs(Number(cell) - usd), `${what}: ${cell} vs ${usd}`).toBeLessThanOrEqual(0.005 + usd * 1e-9);
}

/** RFC 4180: fields split by commas, records by CRLF (or LF), quoted fields with doubled quotes inside. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let isQuoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (isQuoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') isQuoted = false;
      else field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') isQuoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (c === '\r') i += 1;
    } else field += c;
    i += 1;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
