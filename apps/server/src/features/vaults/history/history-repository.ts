import { sql } from 'kysely';
import type { DbOrTrx } from '../../../core/db/index.ts';
import type { VaultPositionType } from '../../../core/db/tables/vault-positions.ts';

/** The vaults tool's history job in SQL: which positions to read, and storing what a range of blocks held. */

/** A tracked position whose history is behind `finalBlock` and not leased, with its newest snapshot's figures. */
export type HistoryDuePosition = {
  position_id: number;
  wallet_address: string;
  contract_address: string;
  position_type: VaultPositionType;
  scanned_to_block: number | string | null;
  figures: string | null;
};

/**
 * Tracked positions (someone tracks them) whose history was read to below `finalBlock`, least read first, at most
 * `limit`; their lease (a scan row's lease_until) taken for `leaseUntil` so two workers do not read one twice.
 */
export async function leaseHistoryDue(
  db: DbOrTrx,
  options: { chainId: number; finalBlock: number; now: string; leaseUntil: string; limit: number },
): Promise<HistoryDuePosition[]> {
  const due = await db
    .selectFrom('vault_positions as p')
    .leftJoin('vault_history_scans as s', 's.position_id', 'p.id')
    .select([
      'p.id as position_id',
      'p.wallet_address',
      'p.contract_address',
      'p.position_type',
      's.scanned_to_block',
    ])
    .where('p.chain_id', '=', options.chainId)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('vault_tracked_positions as t').select('t.id').whereRef('t.position_id', '=', 'p.id'),
      ),
    )
    .where((eb) =>
      eb.or([eb('s.scanned_to_block', 'is', null), eb('s.scanned_to_block', '<', options.finalBlock)]),
    )
    .where((eb) => eb.or([eb('s.lease_until', 'is', null), eb('s.lease_until', '<=', options.now)]))
    .orderBy(sql`coalesce(s.scanned_to_block, -1)`)
    .limit(options.limit)
    .execute();
  const leased: HistoryDuePosition[] = [];
  for (const row of due) {
    await db
      .insertInto('vault_history_scans')
      .values({
        position_id: row.position_id,
        scanned_to_block: null,
        lease_until: null,
        updated_at: options.now,
      })
      .onConflict((oc) => oc.column('position_id').doNothing())
      .execute();
    const taken = await db
      .updateTable('vault_history_scans')
      .set({ lease_until: options.leaseUntil })
      .where('position_id', '=', row.position_id)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', options.now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) continue;
    const newest = await db
      .selectFrom('vault_position_snapshots')
      .select('figures')
      .where('position_id', '=', row.position_id)
      .orderBy('block_number', 'desc')
      .limit(1)
      .executeTakeFirst();
    leased.push({ ...row, figures: newest?.figures ?? null });
  }
  return leased;
}

export type VaultEventRow = {
  position_id: number;
  tx_hash: string;
  log_index: number;
  block_number: number;
  block_time: string;
  kind: string;
  counterparty: string;
  movement: string;
  usd: number | null;
};

/**
 * A range of a position's blocks read: its events (once each), how far it is read now, whether a transfer no row
 * explains was seen (it stays seen), the lease given back. One transaction: a range is stored whole or not at all.
 */
export async function storeHistoryRange(
  db: DbOrTrx,
  range: {
    positionId: number;
    events: VaultEventRow[];
    scannedTo: number;
    unexplained: boolean;
    now: string;
  },
): Promise<void> {
  for (const event of range.events) {
    await db
      .insertInto('vault_position_events')
      .values(event)
      .onConflict((oc) => oc.columns(['position_id', 'tx_hash', 'log_index']).doNothing())
      .execute();
  }
  await db
    .updateTable('vault_history_scans')
    .set((eb) => ({
      scanned_to_block: range.scannedTo,
      has_unexplained: range.unexplained ? 1 : eb.ref('has_unexplained'),
      lease_until: null,
      last_error: null,
      updated_at: range.now,
    }))
    .where('position_id', '=', range.positionId)
    .execute();
}

/** A range that could not be read: the lease given back with the reason (tried again on a later tick). */
export async function releaseHistoryLease(
  db: DbOrTrx,
  positionId: number,
  error: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('vault_history_scans')
    .set({ lease_until: null, last_error: error.slice(0, 500), updated_at: now })
    .where('position_id', '=', positionId)
    .execute();
}
