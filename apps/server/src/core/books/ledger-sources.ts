import type { FarmKind } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { labelToken, type OldTokens } from '../chain/token-labels.ts';
import type { DbOrTrx } from '../db/index.ts';
import type { V3RawAmount } from '../db/tables/v3-positions.ts';
import { findTokensByAddress } from '../farms/repository.ts';
import type { LedgerInputs, RecordedTransaction } from './assemble-ledger.ts';
import {
  findFarmsWithHistory,
  findFinalRecordedSends,
  findV2Scans,
  findV3Scans,
  loadV2EventsOf,
} from './books-repository.ts';
import { loadTransactionFees } from './fees-repository.ts';
import type { LedgerToken } from './ledger-types.ts';
import { parseMovements } from './recorded-send-movements.ts';
import type { LedgerFarm, V2EventInput } from './v2-rows.ts';
import type { V3Counterparties, V3EventsInput } from './v3-rows.ts';
import { loadV3EventsOf, v3EventsInputs, v3PositionsWithHistory } from './v3-sources-repository.ts';

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
const tokenOf = (
  old: OldTokens | undefined,
  row: { address: string; symbol: string; decimals: number },
): LedgerToken => labelToken(old, { address: row.address, symbol: row.symbol, decimals: row.decimals });

/**
 * The farms the wallet has stored history on (position_events), whoever tracked them and whether anyone still
 * does, with their pairs and tokens: the ledger is the wallet's, not only its pairs tracked now.
 */
async function farmsWithHistory(db: DbOrTrx, scope: LedgerScope, wallet: string) {
  if (scope.only && 'positionId' in scope.only) return [];
  const farmId = scope.only && 'farmId' in scope.only ? scope.only.farmId : undefined;
  const rows = await findFarmsWithHistory(db, { chainId: scope.chainId, farmId }, wallet);
  return rows.map((row) => ({
    id: row.farm_id,
    farm: {
      address: row.farm_address,
      kind: row.kind as FarmKind,
      pairAddress: row.pair_address,
      token0: tokenOf(scope.oldTokens, { address: row.a0, symbol: row.s0, decimals: row.d0 }),
      token1: tokenOf(scope.oldTokens, { address: row.a1, symbol: row.s1, decimals: row.d1 }),
    } satisfies LedgerFarm,
  }));
}

/**
 * The sends the user recorded from the wallet (the recovery plan) that are final (settleRecordedSends: read
 * again at or below the final block, its block still the chain's), with their gas row, their farm when
 * imported and what they did (recorded_send_movements). A send not final yet, or reorganised away, is left out.
 */
async function recordedTransactions(
  db: DbOrTrx,
  scope: LedgerScope,
  wallet: string,
  farms: Map<number, LedgerFarm>,
) {
  if (scope.only) return [];
  const rows = await findFinalRecordedSends(db, scope, wallet);
  return rows.map((row) => ({ row, farm: row.farm_id === null ? null : (farms.get(row.farm_id) ?? null) }));
}

/**
 * Loads what a wallet's ledger is built from: every stored event of the wallet (the history jobs' rows of any
 * farm and V3 position it has or had history on, tracked now or not, valued at their blocks), its recorded
 * sends, the stored receipts' gas of all their transactions and the tokens they name. `finalBlock` is the
 * block the ledger is complete up to: the lowest block read by the history jobs of the farms and positions
 * whose events it lists (0 before any). A position without a stored event (tracked a moment ago, its history
 * not read yet) adds no row and holds no block back; history no job reads any more ends where it stopped.
 */
export async function loadLedgerInputs(
  db: DbOrTrx,
  scope: LedgerScope,
): Promise<{ inputs: LedgerInputs; finalBlock: number }> {
  const wallet = getAddress(scope.wallet);
  const farms = await farmsWithHistory(db, scope, wallet);
  const positions = await v3PositionsWithHistory(db, scope, wallet);
  const farmIds = farms.map((f) => f.id);
  const positionIds = positions.map((p) => p.position_id);
  const [v2Events, v3Events, v2Scans, v3Scans] = await Promise.all([
    loadV2EventsOf(db, farmIds, wallet),
    loadV3EventsOf(db, positionIds),
    findV2Scans(db, farmIds, wallet),
    findV3Scans(db, positionIds),
  ]);
  const farmById = new Map(farms.map((f) => [f.id, f.farm]));
  const recorded = await recordedTransactions(db, scope, wallet, farmById);

  const tokenAddresses = new Set<string>();
  for (const event of v2Events)
    if (event.reward_token_address) tokenAddresses.add(event.reward_token_address);
  for (const event of v3Events) {
    for (const amount of JSON.parse(event.amounts) as V3RawAmount[]) tokenAddresses.add(amount.token);
  }
  const [stored, fees] = await Promise.all([
    findTokensByAddress(db, scope.chainId, [...tokenAddresses]),
    loadTransactionFees(
      db,
      scope.chainId,
      [
        ...v2Events.map((e) => e.tx_hash),
        ...v3Events.map((e) => e.tx_hash),
        ...recorded.map((r) => r.row.tx_hash),
      ].filter((hash) => hash !== '0x'),
    ),
  ]);
  const old = scope.oldTokens;
  const tokens = new Map([...stored].map(([key, row]) => [key, tokenOf(old, row)]));
  for (const position of positions) {
    tokens.set(
      position.a0.toLowerCase(),
      tokenOf(old, { address: position.a0, symbol: position.s0, decimals: position.d0 }),
    );
    tokens.set(
      position.a1.toLowerCase(),
      tokenOf(old, { address: position.a1, symbol: position.s1, decimals: position.d1 }),
    );
  }

  const v2: V2EventInput[] = v2Events.map((event) => ({ farm: farmById.get(event.farm_id)!, event }));
  // A V3 position's label names its pair's tokens as its rows do.
  const v3: V3EventsInput[] = v3EventsInputs(positions, v3Events).map((input) => ({
    ...input,
    position: {
      ...input.position,
      token0: labelToken(old, input.position.token0),
      token1: labelToken(old, input.position.token1),
    },
  }));
  const recordedRows: RecordedTransaction[] = recorded.map(({ row, farm }) => ({
    tx_hash: row.tx_hash,
    gas_used: row.gas_used ?? '0',
    effective_gas_price: row.effective_gas_price ?? '0',
    gas_usd: row.fee_usd,
    block_number: Number(row.block_number),
    block_time: row.block_time ?? '',
    to_address: row.to_address,
    step_kind: row.step_kind,
    farm,
    movements: parseMovements(row.movements),
  }));
  // Only the scans of farms and positions with events here: one with none yet lists nothing to be final.
  const withEvents = {
    farms: new Set(v2Events.map((e) => e.farm_id)),
    positions: new Set(v3Events.map((e) => e.position_id)),
  };
  const scans = [
    ...v2Scans.filter((s) => withEvents.farms.has(s.farm_id)),
    ...v3Scans.filter((s) => withEvents.positions.has(s.position_id)),
  ].map((s) => (s.scanned_to_block === null ? 0 : Number(s.scanned_to_block)));
  return {
    inputs: { wallet, v2, v3, tokens, fees, recorded: recordedRows, counterparties: scope.counterparties },
    finalBlock: scans.length === 0 ? 0 : Math.min(...scans),
  };
}
