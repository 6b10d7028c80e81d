import type { LedgerRow, LedgerRowKind, LedgerTokenAmount } from '@tidewatch/shared/ledger';
import { formatUsd } from '../../../lib/format.ts';
import { readableAmount } from './readable-amount.ts';

/** Each ledger row's kind as a person reads it. */
export const ledgerKindLabels = {
  stake: 'stake',
  withdraw: 'withdraw',
  reward: 'reward',
  opening_balance: 'opening balance',
  v3_deposit: 'V3 deposit',
  v3_withdraw: 'V3 withdraw',
  v3_fees: 'V3 fees',
  v3_reward: 'V3 reward',
  fee_only: 'fee only',
  lp_removed: 'liquidity removed',
  lair_exit: "left Dragon's Lair",
  redenomination: 'QUICK converted',
  vault_deposit: 'vault deposit',
  vault_withdraw: 'vault withdraw',
  vault_stake: 'shares staked',
  vault_unstake: 'shares unstaked',
  lair_enter: "entered Dragon's Lair",
  v3_burn: 'position closed (NFT burned)',
} as const satisfies Record<LedgerRowKind, string>;

/** A polygonscan link for a transaction; the opening balance's '0x' has none. */
export const transactionUrl = (hash: string) =>
  hash.length === 66 ? `https://polygonscan.com/tx/${hash}` : null;

/**
 * Token amounts rounded for reading (readableAmount), e.g. '1.5 WMATIC + 2 USDC'; an empty list reads '—'.
 * `show` = exactly gives the exact decimals (the title beside them).
 */
export function formatTokenAmounts(
  amounts: readonly LedgerTokenAmount[],
  show: (exact: string) => string = readableAmount,
): string {
  if (amounts.length === 0) return '—';
  return amounts.map((amount) => `${show(amount.amount_display)} ${amount.symbol}`).join(' + ');
}

/**
 * USD as everywhere, except a known amount under half a cent (most gas on Polygon), which reads '< $0.01':
 * '$0.00' would look like nothing was paid.
 */
export function formatSmallUsd(value: number | null): string {
  return value !== null && value > 0 && value < 0.005 ? '< $0.01' : formatUsd(value);
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** 'USD unknown for 1 row': how many rows a USD total leaves out (no price at their block). */
export const usdUnknownText = (rows: number) => `USD unknown for ${plural(rows, 'row')}`;

/** 'gas unknown on 2 transactions': receipts the node could not return. */
export const gasUnknownText = (transactions: number) =>
  `gas unknown on ${plural(transactions, 'transaction')}`;

/** 'gas USD unknown on 1 transaction': gas known in POL, but POL had no price at its block. */
export const gasUsdUnknownText = (transactions: number) =>
  `gas USD unknown on ${plural(transactions, 'transaction')}`;

/**
 * A USD total that may leave rows out: the known part as it is when nothing is missing, 'unknown' when every
 * row is missing (never $0.00), else the known part plus 'unknown'.
 */
export function formatPartialUsd(knownUsd: number, unknownRows: number, rowCount: number): string {
  if (unknownRows === 0) return formatSmallUsd(knownUsd);
  if (unknownRows >= rowCount) return formatUsd(null);
  return `${formatSmallUsd(knownUsd)} + unknown`;
}

/**
 * A row's gas for this wallet: POL (rounded for reading; `show` = exactly for the exact fee) and USD when
 * paid, and why there is none otherwise.
 */
export function formatRowGas(
  gas: LedgerRow['gas'],
  show: (exact: string) => string = readableAmount,
): string {
  switch (gas.status) {
    case 'paid':
      return `${gas.fee_pol_display === null ? 'unknown' : show(gas.fee_pol_display)} POL (${formatSmallUsd(gas.fee_usd)})`;
    case 'unknown':
      return 'gas unknown';
    case 'not_paid':
      return 'paid by another address';
    case 'none':
      return '—';
  }
}
