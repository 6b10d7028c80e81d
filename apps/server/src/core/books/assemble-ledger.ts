import type { FarmKind } from '@tidewatch/shared';
import { chainEntry } from '@tidewatch/shared/chain-registry';
import type { TransactionFeeRow } from '../db/tables/transaction-fees.ts';
import { type GasSources, gasOfTransaction, noGas, type WalletTransactionGas } from './gas.ts';
import { type AssembledRow, type DraftRow, tokenAmount } from './ledger-types.ts';
import type { StoredMovement } from './recorded-send-movements.ts';
import { localTime, yearBounds } from './time-zone.ts';
import { farmLabel, type LedgerFarm } from './v2-rows.ts';

/** A transaction the wallet sent through the recovery plan (wallet_transactions), for rows no event explains. */
export type RecordedTransaction = WalletTransactionGas & {
  block_number: number;
  /** Its block's time: the receipts stage's when read, else when it was recorded. */
  block_time: string;
  to_address: string;
  step_kind: string;
  /** The imported farm it changed, if any. */
  farm: LedgerFarm | null;
  /** What it did, read from its final receipt's logs (null: not read); empty: nothing the ledger names. */
  movements?: StoredMovement[] | null;
};

/** Everything one wallet's ledger is built from, as loaded from the database. */
export type LedgerInputs = {
  /** The chain of the wallet's books: every row names it. */
  chainId: number;
  wallet: string;
  /** Every kind's rows of its stored events (a LedgerPart's rows), in any order. */
  drafts: DraftRow[];
  fees: Map<string, TransactionFeeRow>;
  recorded: RecordedTransaction[];
};

const chainOrder = (a: DraftRow, b: DraftRow) =>
  a.block_number - b.block_number || a.logIndex - b.logIndex || a.id.localeCompare(b.id);

/** A recorded send no event explains (an approve, a swap, a removal of liquidity): its gas only. */
function feeOnlyRow(tx: RecordedTransaction): DraftRow {
  const kind: FarmKind = tx.farm?.kind ?? 'lp';
  return {
    id: `tx:${tx.tx_hash}:0`,
    position: {
      tool: kind,
      farm_address: tx.farm?.address ?? null,
      token_id: null,
      label: tx.farm ? farmLabel(tx.farm) : `${tx.step_kind.replaceAll('_', ' ')} (recovery plan)`,
    },
    kind: 'fee_only',
    tx_hash: tx.tx_hash,
    block_number: tx.block_number,
    block_time: tx.block_time,
    logIndex: 0,
    sent: [],
    received: [],
    underlying: [],
    counterparty: tx.to_address,
    usd: null,
    usd_error: null,
    sentUsd: [],
    receivedUsd: [],
  };
}

/** The rows of what a recorded send did (its receipt's logs, recorded_send_movements), in its block. */
function movementRows(tx: RecordedTransaction, movements: StoredMovement[]): DraftRow[] {
  const amounts = (list: StoredMovement['sent']) =>
    list.map(({ amount, ...token }) => tokenAmount(token, BigInt(amount)));
  return movements.map((m) => ({
    id: `tx:${tx.tx_hash}:${m.log_index}`,
    position: { ...m.position, token_id: null },
    kind: m.kind,
    tx_hash: tx.tx_hash,
    block_number: tx.block_number,
    block_time: tx.block_time,
    logIndex: m.log_index,
    sent: amounts(m.sent),
    received: amounts(m.received),
    underlying: amounts(m.underlying),
    counterparty: m.counterparty,
    usd: m.usd,
    usd_error: m.usd_error,
    sentUsd: m.sent_usd,
    receivedUsd: m.received_usd,
  }));
}

/**
 * A wallet's ledger, every year, chain order (block, then log index): every kind's rows of its events (a
 * farm's stakes, a V3 position's moves), and its recorded sends no event explains: what each did as its receipt's
 * logs say (an exit's withdrawal and reward whether or not the farm is tracked, a removal of liquidity,
 * leaving the lair, converting old QUICK), or its gas alone ('fee_only'). A log stored for two
 * positions (an owner's reward claim joins each of its positions' histories) is one row. The gas of each
 * transaction is on its first row ('none' on the others and on an opening balance).
 */
export function assembleLedger(inputs: LedgerInputs, tz: string): AssembledRow[] {
  const drafts = [...inputs.drafts];
  const eventHashes = new Set(drafts.map((row) => row.tx_hash.toLowerCase()));
  for (const tx of inputs.recorded) {
    // A tracked farm's history has the same logs as events of its position: those rows stand.
    if (eventHashes.has(tx.tx_hash.toLowerCase())) continue;
    if (tx.movements && tx.movements.length > 0) drafts.push(...movementRows(tx, tx.movements));
    else drafts.push(feeOnlyRow(tx));
  }
  drafts.sort(chainOrder);

  const sources: GasSources = {
    wallet: inputs.wallet,
    fees: inputs.fees,
    walletTransactions: new Map(inputs.recorded.map((tx) => [tx.tx_hash.toLowerCase(), tx])),
  };
  const seenIds = new Set<string>();
  const seenHashes = new Set<string>();
  const rows: AssembledRow[] = [];
  const chain = { id: inputs.chainId, name: chainEntry(inputs.chainId)?.name ?? `chain ${inputs.chainId}` };
  for (const { logIndex: _, sentUsd, receivedUsd, ...draft } of drafts) {
    if (seenIds.has(draft.id)) continue;
    seenIds.add(draft.id);
    const hash = draft.tx_hash.toLowerCase();
    const isFirstOfTx = draft.kind !== 'opening_balance' && !seenHashes.has(hash);
    if (draft.kind !== 'opening_balance') seenHashes.add(hash);
    rows.push({
      row: {
        ...draft,
        chain,
        local_time: localTime(draft.block_time, tz),
        gas: isFirstOfTx ? gasOfTransaction(hash, sources) : noGas,
      },
      sentUsd,
      receivedUsd,
    });
  }
  return rows;
}

/** The rows of one calendar year in `tz` (Jan 1 00:00 to Dec 31 24:00 there); every row when `year` is absent. */
export function rowsOfYear<T extends { row: { block_time: string } }>(
  rows: T[],
  year: number | undefined,
  tz: string,
): T[] {
  if (year === undefined) return rows;
  const { from, to } = yearBounds(year, tz);
  return rows.filter(({ row }) => {
    const at = new Date(row.block_time).getTime();
    return at >= from.getTime() && at < to.getTime();
  });
}
