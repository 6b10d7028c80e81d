import { writeCsv } from '../../core/csv/write-csv.ts';
import type { AssembledRow } from '../../core/ledger/ledger-types.ts';
import { describe, exportLines, feeOf, isIncome, usdCell, utcDateTime } from './csv-cells.ts';
import { taxExportRows } from './tax-export-rows.ts';

/** Koinly's universal format, its columns in its order. */
export const koinlyHeader = [
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
] as const;

/**
 * The ledger in Koinly's universal format: dates 'YYYY-MM-DD HH:mm:ss UTC'; a stake is a send of the LP
 * (no label: a transfer to the farm), a withdrawal a receive of it; rewards and V3 swap fees are
 * receives labelled 'reward' (income); the gas is the fee of the transaction's first line, in POL; a
 * transaction that only paid gas is a send of that POL labelled 'cost'. Net worth in USD when known (empty
 * when unknown, never 0). Opening balances are no transaction and stay out, and so do rows with an unknown
 * amount (taxExportRows: a fee-only transaction without its fee, a token of unknown decimals). Amounts are
 * exact decimals.
 */
export function renderKoinlyCsv(rows: AssembledRow[]): string {
  const lines = exportLines(taxExportRows(rows));
  const records = lines.map((line) => {
    const { row } = line;
    const feeOnly = row.kind === 'fee_only';
    const fee = feeOf(line);
    const sentAmount = feeOnly ? fee : (line.sent?.amount_display ?? '');
    const sentCurrency = feeOnly ? (fee ? 'POL' : '') : (line.sent?.symbol ?? '');
    return [
      `${utcDateTime(row.block_time)} UTC`,
      sentAmount,
      sentCurrency,
      line.received?.amount_display ?? '',
      line.received?.symbol ?? '',
      feeOnly ? '' : fee,
      feeOnly || !fee ? '' : 'POL',
      usdCell(line.usd),
      line.usd === null ? '' : 'USD',
      feeOnly ? 'cost' : isIncome(row) ? 'reward' : '',
      describe(row),
      row.tx_hash,
    ];
  });
  return writeCsv(koinlyHeader, records);
}
