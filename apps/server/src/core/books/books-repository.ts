import type { DbOrTrx } from '../db/index.ts';
import type { IndexRow } from '../farm-index/index-repository.ts';
import type { StoredMovement } from './send-movement-values.ts';

/**
 * The books' SQL beside fees-repository.ts (the gas rows) and v3-sources-repository.ts (a wallet's V3
 * positions): a V2 stake's snapshot, the wallet's V2 farms, events and scans the ledger is built from, its final
 * recorded sends, and what those sends did (recorded_send_movements).
 */

/** A pair's or pool's two tokens as the books' rows carry them, from joins `tokens as t0` and `tokens as t1`. */
export const pairTokenColumns = [
  't0.address as a0',
  't0.symbol as s0',
  't0.decimals as d0',
  't1.address as a1',
  't1.symbol as s1',
  't1.decimals as d1',
] as const;

/** Reads the wallet's newest position snapshot of the farm at or below `block`, if any (checksummed wallet). */
export function findPositionSnapshotAtOrBelow(db: DbOrTrx, farmId: number, wallet: string, block: number) {
  return db
    .selectFrom('position_snapshots')
    .selectAll()
    .where('farm_id', '=', farmId)
    .where('account_address', '=', wallet)
    .where('block_number', '<=', block)
    .orderBy('block_number', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Reads the farms of a chain the wallet has stored events of (position_events), whoever tracked them, with their
 * pairs and tokens; only `farmId` when given.
 */
export function findFarmsWithHistory(
  db: DbOrTrx,
  scope: { chainId: number; farmId?: number },
  wallet: string,
) {
  let query = db
    .selectFrom('farms as f')
    .innerJoin('pools as p', 'p.id', 'f.pool_id')
    .innerJoin('tokens as t0', 't0.id', 'p.token0_id')
    .innerJoin('tokens as t1', 't1.id', 'p.token1_id')
    .where('f.chain_id', '=', scope.chainId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('position_events as e')
          .select('e.id')
          .whereRef('e.farm_id', '=', 'f.id')
          .where('e.wallet_address', '=', wallet),
      ),
    )
    .select([
      'f.id as farm_id',
      'f.address as farm_address',
      'f.kind',
      'p.address as pair_address',
      ...pairTokenColumns,
    ]);
  if (scope.farmId !== undefined) query = query.where('f.id', '=', scope.farmId);
  return query.execute();
}

/**
 * Reads the sends the user recorded from the wallet whose gas row is final and known, with that row and the
 * movements decoded from the receipt of the block it is final in (null: none stored for that block).
 */
export function findFinalRecordedSends(
  db: DbOrTrx,
  scope: { chainId: number; userId: number },
  wallet: string,
) {
  return (
    db
      .selectFrom('wallet_transactions as w')
      .innerJoin('transaction_fees as f', (join) =>
        join.onRef('f.tx_hash', '=', 'w.tx_hash').onRef('f.chain_id', '=', 'w.chain_id'),
      )
      // What it did, as read from the receipt of the block its gas row is final in.
      .leftJoin('recorded_send_movements as m', (join) =>
        join
          .onRef('m.tx_hash', '=', 'w.tx_hash')
          .onRef('m.chain_id', '=', 'w.chain_id')
          .onRef('m.block_hash', '=', 'f.block_hash'),
      )
      .where('w.user_id', '=', scope.userId)
      .where('w.chain_id', '=', scope.chainId)
      .where('w.wallet_address', '=', wallet)
      .where('f.final_block', 'is not', null)
      .where('f.status', '=', 'known')
      .select([
        'w.tx_hash',
        'w.to_address',
        'w.step_kind',
        'w.farm_id',
        'f.block_number',
        'f.block_time',
        'f.gas_used',
        'f.effective_gas_price',
        'f.fee_usd',
        'm.movements',
      ])
      .execute()
  );
}

/** Reads the wallet's stored events of these farms, in chain order. */
export async function loadV2EventsOf(db: DbOrTrx, farmIds: number[], wallet: string) {
  if (farmIds.length === 0) return [];
  return db
    .selectFrom('position_events')
    .selectAll()
    .where('farm_id', 'in', farmIds)
    .where('wallet_address', '=', wallet)
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
}

/** Reads how far the history jobs of the wallet's pairs in these farms scanned. */
export async function findV2Scans(db: DbOrTrx, farmIds: number[], wallet: string) {
  if (farmIds.length === 0) return [];
  return db
    .selectFrom('history_backfills')
    .select(['farm_id', 'scanned_to_block'])
    .where('farm_id', 'in', farmIds)
    .where('wallet_address', '=', wallet)
    .execute();
}

/** Reads how far the history jobs of these V3 positions scanned. */
export async function findV3Scans(db: DbOrTrx, positionIds: number[]) {
  if (positionIds.length === 0) return [];
  return db
    .selectFrom('v3_history_backfills')
    .select(['position_id', 'scanned_to_block'])
    .where('position_id', 'in', positionIds)
    .execute();
}

/** Reads the chain's farm index rows of the contract a send called (`to`) and of the pairs that logged. */
export function findIndexRowsOfSend(
  db: DbOrTrx,
  chainId: number,
  send: { to: string; emitters: string[] },
): Promise<IndexRow[]> {
  return db
    .selectFrom('farm_index')
    .selectAll()
    .where('chain_id', '=', chainId)
    .where((eb) => eb.or([eb('address', '=', send.to), eb('pair_address', 'in', send.emitters)]))
    .execute();
}

/** Stores a send's movements as read from the receipt in block `blockHash`, replacing what was stored. */
export async function storeSendMovements(
  db: DbOrTrx,
  key: { chainId: number; txHash: string; blockHash: string; now: Date },
  movements: StoredMovement[],
): Promise<void> {
  const row = {
    block_hash: key.blockHash,
    movements: JSON.stringify(movements),
    decoded_at: key.now.toISOString(),
  };
  await db
    .insertInto('recorded_send_movements')
    .values({ chain_id: key.chainId, tx_hash: key.txHash.toLowerCase(), ...row })
    .onConflict((oc) => oc.columns(['chain_id', 'tx_hash']).doUpdateSet(row))
    .execute();
}

/** Deletes a send's movements (the chain reorganised it away). */
export async function deleteSendMovements(db: DbOrTrx, chainId: number, txHash: string): Promise<void> {
  await db
    .deleteFrom('recorded_send_movements')
    .where('chain_id', '=', chainId)
    .where('tx_hash', '=', txHash.toLowerCase())
    .execute();
}
