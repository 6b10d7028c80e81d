import type { LedgerRow, LedgerTokenAmount } from '@tidewatch/shared';
import { formatUnits } from 'viem';

/** A token as the ledger names it: checksummed address, symbol, decimals. */
export type LedgerToken = { address: string; symbol: string; decimals: number };

/** The symbol of a token the database does not know: its decimals are unknown too (0 is only a placeholder). */
const unknownSymbol = '?';

/**
 * A token missing from the tokens table: its amounts stay raw integers, and the tax exports leave its rows
 * out (hasUnknownToken) rather than writing a raw integer as an amount.
 */
export function unknownToken(address: string): LedgerToken {
  return { address, symbol: unknownSymbol, decimals: 0 };
}

/** Whether a row moves a token whose decimals are unknown (unknownToken). */
export function hasUnknownToken(row: Pick<LedgerRow, 'sent' | 'received' | 'underlying'>): boolean {
  return [...row.sent, ...row.received, ...row.underlying].some(
    (amount) => amount.symbol === unknownSymbol && amount.decimals === 0,
  );
}

/** Every QuickSwap (Uniswap V2) LP token has 18 decimals. */
const lpDecimals = 18;
/** POL (and WMATIC before it) has 18 decimals: fees in wei read as POL with these. */
export const polDecimals = 18;

/** A raw on-chain amount of a token as the ledger sends it: the integer and its exact decimal string. */
export function tokenAmount(token: LedgerToken, raw: bigint): LedgerTokenAmount {
  return {
    address: token.address,
    symbol: token.symbol,
    decimals: token.decimals,
    amount: raw.toString(),
    amount_display: formatUnits(raw, token.decimals),
  };
}

/** The LP token of a pair as tax tools list it: `${symbol0}-${symbol1} LP` (e.g. 'WMATIC-USDC LP'). */
export function lpToken(pairAddress: string, symbol0: string, symbol1: string): LedgerToken {
  return { address: pairAddress, symbol: `${symbol0}-${symbol1} LP`, decimals: lpDecimals };
}

/**
 * A row as assembled, before its gas is known: the wire row without `gas` (nor its local time and chain, which
 * the assembly adds), with each sent and received amount's
 * USD at its block (income by token and the exports' lines need them; the wire carries the row's total).
 */
export type DraftRow = Omit<LedgerRow, 'gas' | 'local_time' | 'chain'> & {
  /** Position in the chain: block, then the log's index in it (-1 for an opening balance). */
  logIndex: number;
  sentUsd: (number | null)[];
  receivedUsd: (number | null)[];
};

/** An assembled row: the wire row, and each sent and received amount's USD at its block (null = unknown). */
export type AssembledRow = { row: LedgerRow; sentUsd: (number | null)[]; receivedUsd: (number | null)[] };
