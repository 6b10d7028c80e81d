import type { LedgerRow, LedgerRowKind, LedgerTokenAmount } from '@tidewatch/shared';
import { chainEntry } from '@tidewatch/shared/chain-registry';

/**
 * The row kinds a tax file must say something about: the ledger's, and the kinds of what a recovery-plan send
 * did (issue 42: an LP removed at the pair, the Dragon's Lair left, old QUICK converted), named here too so
 * each tool's table covers them whether or not those rows are in the ledger yet.
 */
export type TaxRowKind = LedgerRowKind | 'lp_removed' | 'lair_exit' | 'redenomination';

/** 'YYYY-MM-DD HH:mm:ss' in UTC, as both tax tools read dates. */
export function utcDateTime(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A USD figure as computed, with at least 2 decimals and never in exponent form; empty when unknown
 * (never 0). @example usdCell(12.5) // '12.50'
 */
export function usdCell(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/e/i.test(text)) text = value.toFixed(20).replace(/0+$/, '');
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** One line of an export: one token amount in or out, with its USD at the row's block. */
export type ExportLine = {
  row: LedgerRow;
  sent: LedgerTokenAmount | null;
  received: LedgerTokenAmount | null;
  usd: number | null;
  /** The row's transaction's gas goes on its first line only. */
  hasFee: boolean;
};

/**
 * The lines a row becomes in the tax tools' one-currency-a-side formats: one per token moved (a V3 deposit
 * of two tokens is two lines), the gas on the first. A row of one token carries the row's USD; a line of a
 * multi-token row its own amount's USD at that block.
 */
export function exportLines(
  rows: { row: LedgerRow; sentUsd: (number | null)[]; receivedUsd: (number | null)[] }[],
): ExportLine[] {
  const lines: ExportLine[] = [];
  for (const { row, sentUsd, receivedUsd } of rows) {
    const moves = [
      ...row.sent.map((amount, i) => ({ sent: amount, received: null, usd: sentUsd[i] ?? null })),
      ...row.received.map((amount, i) => ({ sent: null, received: amount, usd: receivedUsd[i] ?? null })),
    ];
    const single = moves.length === 1;
    moves.forEach((move, index) => {
      lines.push({ row, ...move, usd: single ? row.usd : move.usd, hasFee: index === 0 });
    });
    if (moves.length === 0) lines.push({ row, sent: null, received: null, usd: null, hasFee: true });
  }
  return lines;
}

/** The fee cell of a line: in its chain's native token (feeCurrencyOf), exact, when the wallet paid it; empty otherwise. */
export function feeOf(line: ExportLine): string {
  return line.hasFee && line.row.gas.status === 'paid' ? (line.row.gas.fee_pol_display ?? '') : '';
}

/** What the row was, in words, naming the contract (and the pair for LP rows). */
export function describe(row: LedgerRow): string {
  const pair = row.sent[0]?.symbol.endsWith(' LP')
    ? row.sent[0].address
    : row.received[0]?.symbol.endsWith(' LP')
      ? row.received[0].address
      : null;
  const pairNote = pair ? ` (pair ${pair})` : '';
  const gasNote = row.gas.status === 'unknown' ? '; gas unknown (receipt not read)' : '';
  const to = row.counterparty ?? 'unknown contract';
  const what = (() => {
    switch (row.kind) {
      case 'stake':
        return `stake to farm ${to}${pairNote}`;
      case 'withdraw':
        return `withdraw from farm ${to}${pairNote}`;
      case 'reward':
        return `reward from farm ${to}`;
      case 'opening_balance':
        return `opening balance in ${row.position.label}`;
      case 'v3_deposit':
        return `add liquidity to V3 position #${row.position.token_id} via ${to}`;
      case 'v3_withdraw':
        return `remove liquidity from V3 position #${row.position.token_id} via ${to}`;
      case 'v3_fees':
        return `swap fees collected from V3 position #${row.position.token_id} via ${to}`;
      case 'v3_reward':
        return `farming reward of V3 position #${row.position.token_id} via ${to}`;
      case 'fee_only':
        return `transaction fee only (${row.position.label}) to ${to}`;
      case 'lp_removed':
        return `remove liquidity via ${to}${pairNote}`;
      case 'lair_exit':
        return `leave Dragon's Lair ${to}`;
      case 'redenomination':
        return `convert old QUICK to new QUICK (1:1000 redenomination) via ${to}`;
      case 'vault_deposit':
        return `deposit into ${row.position.label} ${to}`;
      case 'vault_withdraw':
        return `withdraw from ${row.position.label} ${to}`;
      case 'vault_stake':
        return `stake shares of ${row.position.label} in ${to}`;
      case 'vault_unstake':
        return `unstake shares of ${row.position.label} from ${to}`;
      case 'lair_enter':
        return `enter Dragon's Lair ${to}`;
    }
  })();
  return `${what} on ${row.chain.name}${gasNote}`;
}

/** The currency gas is paid in on a row's chain (POL on Polygon, ETH on Base): the fee cell's currency. */
export const feeCurrencyOf = (row: { chain: { id: number } }) =>
  chainEntry(row.chain.id)?.nativeCurrency.symbol ?? 'POL';
