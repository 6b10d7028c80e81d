import type {
  LedgerRow,
  LedgerRowKind,
  LedgerTokenAmount,
  LedgerTotals,
  YearSummary,
} from '@tidewatch/shared';
import { polygonChain } from '@tidewatch/shared/chain-registry';
import { formatUnits } from 'viem';
import { type AssembledRow, polDecimals } from '../../core/books/ledger-types.ts';

/** Income: reward claims (V2 RewardPaid, V3 RewardClaimed) and V3 swap fees collected. */
const incomeKinds: ReadonlySet<LedgerRowKind> = new Set(['reward', 'v3_reward', 'v3_fees']);
/**
 * Deposits (stakes, V3 increases, vault deposits) and withdrawals (withdraws, V3 decreases, vault withdrawals); an
 * opening balance is neither, nor are a vault's shares staked or unstaked (they stay the wallet's), nor entering or
 * leaving the Dragon's Lair (a trade of QUICK and dQUICK, as recorded sends have always named it).
 */
const depositKinds: ReadonlySet<LedgerRowKind> = new Set(['stake', 'v3_deposit', 'vault_deposit']);
const withdrawalKinds: ReadonlySet<LedgerRowKind> = new Set(['withdraw', 'v3_withdraw', 'vault_withdraw']);

/** A row that moves tokens has a USD worth; a fee-only row has none to know. */
const hasWorth = (row: LedgerRow) => row.kind !== 'fee_only';

/** Known USD summed, the rows whose USD is unknown counted apart (never added as 0). */
function usdOf(rows: LedgerRow[]): { usd: number; unknown: number } {
  let usd = 0;
  let unknown = 0;
  for (const row of rows) {
    if (row.usd === null) unknown += 1;
    else usd += row.usd;
  }
  return { usd, unknown };
}

/**
 * The gas the wallet paid over these rows: POL in wei (Polygon's rows: another chain's gas is in its own native token,
 * ETH on Base, and is not added to POL), known USD of every chain's gas, and the rows without a receipt or a price.
 */
function gasOf(rows: LedgerRow[]) {
  let wei = 0n;
  let usd = 0;
  let unknownRows = 0;
  let usdUnknownRows = 0;
  const rowIds: string[] = [];
  for (const row of rows) {
    if (row.gas.status === 'unknown') {
      unknownRows += 1;
      rowIds.push(row.id);
    }
    if (row.gas.status !== 'paid') continue;
    rowIds.push(row.id);
    if (row.chain.id === polygonChain.id) wei += BigInt(row.gas.fee_pol ?? '0');
    if (row.gas.fee_usd === null) usdUnknownRows += 1;
    else usd += row.gas.fee_usd;
  }
  return { wei, usd, unknownRows, usdUnknownRows, rowIds };
}

/** The ledger's totals over its rows. */
export function ledgerTotals(rows: LedgerRow[]): LedgerTotals {
  const income = rows.filter((row) => incomeKinds.has(row.kind));
  const incomeUsd = usdOf(income);
  const gas = gasOf(rows);
  return {
    rows: rows.length,
    // No income row is a known 0; unknown rows are counted apart, not added.
    income_usd: incomeUsd.usd,
    income_usd_unknown_rows: incomeUsd.unknown,
    gas_pol: gas.wei.toString(),
    gas_pol_display: formatUnits(gas.wei, polDecimals),
    gas_usd: gas.usd,
    gas_unknown_rows: gas.unknownRows,
    gas_usd_unknown_rows: gas.usdUnknownRows,
    deposits_usd: usdOf(rows.filter((row) => depositKinds.has(row.kind))).usd,
    withdrawals_usd: usdOf(rows.filter((row) => withdrawalKinds.has(row.kind))).usd,
    usd_unknown_rows: rows.filter((row) => hasWorth(row) && row.usd === null).length,
  };
}

/** Token amounts summed per token (address), in the order first met. */
function sumByToken(amounts: LedgerTokenAmount[]): LedgerTokenAmount[] {
  const byToken = new Map<string, LedgerTokenAmount & { raw: bigint }>();
  for (const amount of amounts) {
    const key = amount.address.toLowerCase();
    const sum = byToken.get(key) ?? { ...amount, raw: 0n };
    sum.raw += BigInt(amount.amount);
    byToken.set(key, sum);
  }
  return [...byToken.values()].map(({ raw, ...token }) => ({
    ...token,
    amount: raw.toString(),
    amount_display: formatUnits(raw, token.decimals),
  }));
}

/** Income per token: the summed amount, its known USD (each at its claim's block) and the unknown rows apart. */
function incomeByToken(rows: AssembledRow[]): YearSummary['income'] {
  const byToken = new Map<
    string,
    { amounts: LedgerTokenAmount[]; usd: number; unknown: Set<string>; ids: Set<string> }
  >();
  for (const { row, receivedUsd } of rows) {
    if (!incomeKinds.has(row.kind)) continue;
    row.received.forEach((amount, index) => {
      const key = amount.address.toLowerCase();
      const entry = byToken.get(key) ?? { amounts: [], usd: 0, unknown: new Set(), ids: new Set() };
      entry.amounts.push(amount);
      entry.ids.add(row.id);
      const usd = receivedUsd[index] ?? null;
      if (usd === null) entry.unknown.add(row.id);
      else entry.usd += usd;
      byToken.set(key, entry);
    });
  }
  return [...byToken.values()].map((entry) => ({
    token: sumByToken(entry.amounts)[0]!,
    usd: entry.usd,
    usd_unknown_rows: entry.unknown.size,
    row_ids: [...entry.ids],
  }));
}

function flowOf(rows: LedgerRow[], side: 'sent' | 'received') {
  const { usd, unknown } = usdOf(rows);
  return {
    usd,
    usd_unknown_rows: unknown,
    row_ids: rows.map((row) => row.id),
    by_token: sumByToken(rows.flatMap((row) => row[side])),
  };
}

/** A year's summary from its rows (already limited to the year): income by token, gas, deposits, withdrawals. */
export function yearSummary(
  rows: AssembledRow[],
  head: { wallet: string; year: number; tz: string; final_block: number },
): YearSummary {
  const wire = rows.map(({ row }) => row);
  const gas = gasOf(wire);
  return {
    ...head,
    income: incomeByToken(rows),
    gas: {
      pol: gas.wei.toString(),
      pol_display: formatUnits(gas.wei, polDecimals),
      usd: gas.usd,
      unknown_rows: gas.unknownRows,
      usd_unknown_rows: gas.usdUnknownRows,
      row_ids: gas.rowIds,
    },
    deposits: flowOf(
      wire.filter((row) => depositKinds.has(row.kind)),
      'sent',
    ),
    withdrawals: flowOf(
      wire.filter((row) => withdrawalKinds.has(row.kind)),
      'received',
    ),
    rows: wire,
  };
}
