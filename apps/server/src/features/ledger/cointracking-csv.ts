import { stringify } from 'csv-stringify/sync';
import { neutraliseCell } from '../../core/csv/write-csv.ts';
import type { AssembledRow } from '../../core/ledger/ledger-types.ts';
import { describe, exportLines, feeOf, isIncome, usdCell, utcDateTime } from './csv-cells.ts';
import { taxExportRows } from './tax-export-rows.ts';

/** CoinTracking's CSV import columns, in its order. */
export const coinTrackingHeader = [
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
] as const;

const exchange = 'QuickSwap (Polygon)';

/**
 * The ledger in CoinTracking's CSV format (every field quoted, as its own export writes): rewards and V3
 * swap fees are 'Income' (bought), a stake a 'Withdrawal' of the LP to the farm, a withdrawal a 'Deposit'
 * of it back (V3 deposits and removals likewise, one line per token); the gas is the fee of the
 * transaction's first line in POL; a transaction that only paid gas is 'Other Fee' (its POL sold). Dates
 * UTC 'YYYY-MM-DD HH:mm:ss'; Trade-Group the position. Opening balances are no transaction and stay out,
 * and so do rows with an unknown amount (taxExportRows: a fee-only transaction without its fee, a token of
 * unknown decimals).
 */
export function renderCoinTrackingCsv(rows: AssembledRow[]): string {
  const lines = exportLines(taxExportRows(rows));
  const records = lines.map((line) => {
    const { row } = line;
    const fee = feeOf(line);
    if (row.kind === 'fee_only') {
      return [
        'Other Fee',
        '',
        '',
        fee,
        fee ? 'POL' : '',
        '',
        '',
        exchange,
        row.position.label,
        describe(row),
        utcDateTime(row.block_time),
        row.tx_hash,
        '',
        '',
      ];
    }
    const type = isIncome(row) ? 'Income' : line.sent ? 'Withdrawal' : 'Deposit';
    return [
      type,
      line.received?.amount_display ?? '',
      line.received?.symbol ?? '',
      line.sent?.amount_display ?? '',
      line.sent?.symbol ?? '',
      fee,
      fee ? 'POL' : '',
      exchange,
      row.position.label,
      describe(row),
      utcDateTime(row.block_time),
      row.tx_hash,
      line.received ? usdCell(line.usd) : '',
      line.sent ? usdCell(line.usd) : '',
    ];
  });
  const cells = [[...coinTrackingHeader], ...records].map((record) => record.map(neutraliseCell));
  return stringify(cells, { record_delimiter: 'windows', quoted: true });
}
