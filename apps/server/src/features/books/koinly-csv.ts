import type { AssembledRow } from '../../core/books/ledger-types.ts';
import { writeCsv } from '../../core/csv/write-csv.ts';
import {
  describe,
  exportLines,
  feeCurrencyOf,
  feeOf,
  type TaxRowKind,
  usdCell,
  utcDateTime,
} from './csv-cells.ts';
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
 * Each row kind's Koinly tag (its documented 'Label' values). A send without a tag is a disposal at market
 * price, so a stake is 'add to pool' (the LP moves to the farm, its cost basis kept: Koinly's pool tag) and
 * a withdrawal from the farm 'remove from pool' (it comes back); rewards and V3 swap fees are 'reward'
 * (income); a transaction that only paid gas is 'cost'. A deposit or removal of liquidity (V3, or an LP
 * removed at its pair) carries no tag: Koinly tags liquidity in/out itself (it cannot be set by hand) on the
 * lines of one transaction, which share its TxHash; leaving the Dragon's Lair is a trade (dQUICK out, QUICK
 * in, one TxHash); old QUICK converted to new is 'swap', Koinly's tag for a tax-free migration.
 */
const koinlyLabels: Record<TaxRowKind, string> = {
  // Never a line: no transaction (taxExportRows leaves it out).
  opening_balance: '',
  stake: 'add to pool',
  withdraw: 'remove from pool',
  reward: 'reward',
  v3_deposit: '',
  v3_withdraw: '',
  v3_fees: 'reward',
  v3_reward: 'reward',
  fee_only: 'cost',
  lp_removed: '',
  lair_exit: '',
  redenomination: 'swap',
  // A vault's shares for its tokens and back: liquidity in and out (Koinly tags it itself, as V3's); shares
  // staked and unstaked stay the wallet's ('add to pool' / 'remove from pool', as a farm stake); entering the
  // Dragon's Lair is a trade (QUICK out, dQUICK in), as leaving it.
  vault_deposit: '',
  vault_withdraw: '',
  vault_stake: 'add to pool',
  vault_unstake: 'remove from pool',
  lair_enter: '',
  // A closed position's NFT burned: nothing moves (no line of its own).
  v3_burn: '',
};

/**
 * The ledger in Koinly's universal format: dates 'YYYY-MM-DD HH:mm:ss UTC'; a stake is a send of the LP
 * and a withdrawal a receive of it, rewards receives of their token, each tagged (koinlyLabels); the gas is
 * the fee of the transaction's first line, in its chain's native token (POL, ETH on Base); a transaction that only
 * paid gas is a send of it.
 * Every line of a transaction carries its TxHash. Net worth in USD when known (empty when unknown, never
 * 0). Opening balances are no transaction and stay out, and so do rows with an unknown amount
 * (taxExportRows: a fee-only transaction without its fee, a token of unknown decimals). Amounts are exact
 * decimals; symbols as the ledger names them (old QUICK is 'QUICK (old)', labelSymbol).
 */
export function renderKoinlyCsv(rows: AssembledRow[]): string {
  const lines = exportLines(taxExportRows(rows));
  const records = lines.map((line) => {
    const { row } = line;
    const feeOnly = row.kind === 'fee_only';
    const fee = feeOf(line);
    const sentAmount = feeOnly ? fee : (line.sent?.amount_display ?? '');
    const sentCurrency = feeOnly ? (fee ? feeCurrencyOf(row) : '') : (line.sent?.symbol ?? '');
    return [
      `${utcDateTime(row.block_time)} UTC`,
      sentAmount,
      sentCurrency,
      line.received?.amount_display ?? '',
      line.received?.symbol ?? '',
      feeOnly ? '' : fee,
      feeOnly || !fee ? '' : feeCurrencyOf(row),
      usdCell(line.usd),
      line.usd === null ? '' : 'USD',
      koinlyLabels[row.kind],
      describe(row),
      row.tx_hash,
    ];
  });
  return writeCsv(koinlyHeader, records);
}
