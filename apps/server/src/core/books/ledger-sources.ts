import type { FarmKind } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { labelToken, type OldTokens } from '../chain/token-labels.ts';
import type { DbOrTrx } from '../db/index.ts';
import { findTokensByAddress } from '../farms/repository.ts';
import type { LedgerInputs, RecordedTransaction } from './assemble-ledger.ts';
import { findFarmsWithHistory, findFinalRecordedSends } from './books-repository.ts';
import { loadTransactionFees } from './fees-repository.ts';
import type { DraftRow, LedgerToken } from './ledger-types.ts';
import { parseMovements } from './recorded-send-movements.ts';
import type { LedgerFarm } from './v2-rows.ts';
import type { V3Counterparties } from './v3-rows.ts';

/** Whose ledger: a user's wallet on a chain; `only` narrows it to one farm or one V3 position (its books). */
export type LedgerScope = {
  chainId: number;
  userId: number;
  wallet: string;
  only?: { farmId: number } | { positionId: number };
  counterparties?: V3Counterparties | undefined;
  /** Old QUICK and old dQUICK: the rows, labels and CSVs name them 'QUICK (old)' / 'dQUICK (old)' (labelSymbol). */
  oldTokens?: OldTokens | undefined;
};

/** A token as the ledger names it: its symbol through labelSymbol, as every screen names it. */
export const ledgerTokenOf = (
  old: OldTokens | undefined,
  row: { address: string; symbol: string; decimals: number },
): LedgerToken => labelToken(old, { address: row.address, symbol: row.symbol, decimals: row.decimals });

/**
 * The farms the wallet has stored history on (position_events), whoever tracked them and whether anyone still
 * does, with their pairs and tokens: the ledger is the wallet's, not only its pairs tracked now.
 */
export async function farmsWithHistory(db: DbOrTrx, scope: LedgerScope, wallet: string) {
  if (scope.only && 'positionId' in scope.only) return [];
  const farmId = scope.only && 'farmId' in scope.only ? scope.only.farmId : undefined;
  const rows = await findFarmsWithHistory(db, { chainId: scope.chainId, farmId }, wallet);
  return rows.map((row) => ({
    id: row.farm_id,
    farm: {
      address: row.farm_address,
      kind: row.kind as FarmKind,
      pairAddress: row.pair_address,
      token0: ledgerTokenOf(scope.oldTokens, { address: row.a0, symbol: row.s0, decimals: row.d0 }),
      token1: ledgerTokenOf(scope.oldTokens, { address: row.a1, symbol: row.s1, decimals: row.d1 }),
    } satisfies LedgerFarm,
  }));
}

/**
 * The sends the user recorded from the wallet (the recovery plan) that are final (settleRecordedSends: read
 * again at or below the final block, its block still the chain's), with their gas row, their farm when the
 * wallet has history on it and what they did (recorded_send_movements). A send not final yet, or reorganised
 * away, is left out.
 */
async function recordedTransactions(db: DbOrTrx, scope: LedgerScope, wallet: string) {
  if (scope.only) return [];
  const rows = await findFinalRecordedSends(db, scope, wallet);
  const farms = rows.some((row) => row.farm_id !== null) ? await farmsWithHistory(db, scope, wallet) : [];
  const farmById = new Map(farms.map((f) => [f.id, f.farm]));
  return rows.map(
    (row): RecordedTransaction => ({
      tx_hash: row.tx_hash,
      gas_used: row.gas_used ?? '0',
      effective_gas_price: row.effective_gas_price ?? '0',
      gas_usd: row.fee_usd,
      block_number: Number(row.block_number),
      block_time: row.block_time ?? '',
      to_address: row.to_address,
      step_kind: row.step_kind,
      farm: row.farm_id === null ? null : (farmById.get(row.farm_id) ?? null),
      movements: parseMovements(row.movements),
    }),
  );
}

/**
 * One kind of position's part of a wallet's ledger, as its source loaded it: its rows once every token they
 * name is known, and what the rest of the ledger needs of it (its transactions' gas, its tokens, how far its
 * history was read).
 */
type LedgerPart = {
  /** Its transactions' hashes: their gas is loaded with the others'. */
  txHashes: string[];
  /** Tokens its rows name that the tokens table knows (a reward token). */
  tokenAddresses: string[];
  /** Tokens it knows itself (a V3 position's pair), named as every screen names them. */
  tokens: LedgerToken[];
  /** The block each of its positions with events was read to (0 before any): the ledger is final up to the least. */
  scannedTo: number[];
  rows(tokens: Map<string, LedgerToken>): DraftRow[];
};

/** How far a history job read (its scan row): 0 before any block. */
export const scannedToBlock = (scan: { scanned_to_block: string | number | null }) =>
  scan.scanned_to_block === null ? 0 : Number(scan.scanned_to_block);

/** A kind's ledger source (core/kinds/<kind>/ledger.ts): what the wallet's events of that kind are. */
export type LedgerSource = (db: DbOrTrx, scope: LedgerScope, wallet: string) => Promise<LedgerPart>;

/**
 * Loads what a wallet's ledger is built from: every kind's stored events of the wallet (the history jobs' rows
 * of any position it has or had history on, tracked now or not, valued at their blocks), its recorded sends,
 * the stored receipts' gas of all their transactions and the tokens they name. `finalBlock` is the block the
 * ledger is complete up to: the lowest block read by the history jobs of the positions whose events it lists
 * (0 before any). A position without a stored event (tracked a moment ago, its history not read yet) adds no
 * row and holds no block back; history no job reads any more ends where it stopped.
 */
export async function loadLedgerInputs(
  db: DbOrTrx,
  scope: LedgerScope,
  sources: readonly LedgerSource[],
): Promise<{ inputs: LedgerInputs; finalBlock: number }> {
  const wallet = getAddress(scope.wallet);
  const [parts, recorded] = await Promise.all([
    Promise.all(sources.map((source) => source(db, scope, wallet))),
    recordedTransactions(db, scope, wallet),
  ]);
  const hashes = [...parts.flatMap((part) => part.txHashes), ...recorded.map((r) => r.tx_hash)];
  const [stored, fees] = await Promise.all([
    findTokensByAddress(db, scope.chainId, [...new Set(parts.flatMap((part) => part.tokenAddresses))]),
    loadTransactionFees(
      db,
      scope.chainId,
      hashes.filter((hash) => hash !== '0x'),
    ),
  ]);
  const tokens = new Map([...stored].map(([key, row]) => [key, ledgerTokenOf(scope.oldTokens, row)]));
  for (const token of parts.flatMap((part) => part.tokens)) tokens.set(token.address.toLowerCase(), token);
  const scans = parts.flatMap((part) => part.scannedTo);
  return {
    inputs: {
      chainId: scope.chainId,
      wallet,
      drafts: parts.flatMap((part) => part.rows(tokens)),
      fees,
      recorded,
    },
    finalBlock: scans.length === 0 ? 0 : Math.min(...scans),
  };
}
