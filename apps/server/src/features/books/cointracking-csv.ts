import { stringify } from 'csv-stringify/sync';
import type { AssembledRow } from '../../core/books/ledger-types.ts';
import { neutraliseCell } from '../../core/csv/write-csv.ts';
import {
  describe,
  type ExportLine,
  exportLines,
  feeCurrencyOf,
  feeOf,
  type TaxRowKind,
  usdCell,
  utcDateTime,
} from './csv-cells.ts';
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

/** The 'exchange' of a row: QuickSwap on the row's chain ('QuickSwap (Polygon)'). */
const exchangeOf = (row: { chain: { name: string } }) => `QuickSwap (${row.chain.name})`;

/** A line that moves tokens out of the wallet to a contract that gives them back later, or back in. */
const transfer = (line: ExportLine) => (line.sent ? 'Withdrawal' : 'Deposit');
/** CoinTracking's own import of a liquidity-pool move as non-taxable: what left, what came back. */
const nonTaxable = (line: ExportLine) => (line.sent ? 'Expense (non taxable)' : 'Income (non taxable)');
/** CoinTracking's own import of a taxable exchange on a DeFi contract: the disposal, the asset received. */
const exchanged = (line: ExportLine) => (line.sent ? 'Other Expense' : 'Income (non taxable)');

/**
 * Each row kind's CoinTracking type (its documented transaction types). Farm and V3 farming rewards are
 * 'Staking' (its type for staking rewards, income; Koinly's 'reward'), V3 swap fees 'Income'. A stake, a
 * withdrawal from the farm and a V3 deposit or removal are a 'Withdrawal' out of the wallet and a 'Deposit'
 * back, no trade: CoinTracking's own recipe for funds put on a staking or DeFi platform (a general
 * withdrawal from the wallet, a general deposit back), so no stake is a sale; a V3 removal's lines share
 * its Tx-ID. A transaction that only paid gas is 'Other Fee'. An LP removed at its pair and old QUICK
 * converted to new are non-taxable moves ('Expense (non taxable)' out, 'Income (non taxable)' in, as
 * CoinTracking imports liquidity-pool moves); leaving the Dragon's Lair disposes of dQUICK ('Other Expense')
 * for QUICK ('Income (non taxable)': acquired at its value, not income).
 */
const coinTrackingTypes: Record<TaxRowKind, (line: ExportLine) => string> = {
  // Never a line: no transaction (taxExportRows leaves it out).
  opening_balance: transfer,
  stake: transfer,
  withdraw: transfer,
  reward: () => 'Staking',
  v3_deposit: transfer,
  v3_withdraw: transfer,
  v3_fees: () => 'Income',
  v3_reward: () => 'Staking',
  fee_only: () => 'Other Fee',
  lp_removed: nonTaxable,
  lair_exit: exchanged,
  redenomination: nonTaxable,
  // A vault's deposit and withdrawal, and its shares staked or unstaked: funds put on a DeFi platform and back
  // (CoinTracking's recipe, as a farm stake and a V3 deposit); entering the lair trades QUICK for dQUICK.
  vault_deposit: transfer,
  vault_withdraw: transfer,
  vault_stake: transfer,
  vault_unstake: transfer,
  lair_enter: exchanged,
  // A closed position's NFT burned: nothing moves (no line of its own).
  v3_burn: transfer,
};

/**
 * The ledger in CoinTracking's CSV format (every field quoted, as its own export writes), each line of the
 * type of its row (coinTrackingTypes), one line per token; the gas is the fee of the transaction's first
 * line in POL; a transaction that only paid gas is an 'Other Fee' (its POL sold). Dates UTC
 * 'YYYY-MM-DD HH:mm:ss'; Trade-Group the position. Opening balances are no transaction and stay out, and so
 * do rows with an unknown amount (taxExportRows: a fee-only transaction without its fee, a token of unknown
 * decimals). Symbols as the ledger names them (old dQUICK is 'dQUICK (old)', labelSymbol).
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
        fee ? feeCurrencyOf(row) : '',
        '',
        '',
        exchangeOf(row),
        row.position.label,
        describe(row),
        utcDateTime(row.block_time),
        row.tx_hash,
        '',
        '',
      ];
    }
    const type = coinTrackingTypes[row.kind](line);
    return [
      type,
      line.received?.amount_display ?? '',
      line.received?.symbol ?? '',
      line.sent?.amount_display ?? '',
      line.sent?.symbol ?? '',
      fee,
      fee ? feeCurrencyOf(row) : '',
      exchangeOf(row),
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
