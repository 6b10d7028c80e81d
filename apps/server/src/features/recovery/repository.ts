import type { Insertable, Kysely, Selectable } from 'kysely';
import { getAddress } from 'viem';
import type { Database, DbOrTrx } from '../../core/db/index.ts';
import type { WalletTransactionsTable } from '../../core/db/tables/wallet-transactions.ts';

/** Recovery's SQL: the user's wallet, the farm index's pairs, and wallet_transactions. */

export type WalletTransactionRow = Selectable<WalletTransactionsTable> & { farm_address: string | null };

/** The user's wallet with that address on the chain (any letter case), with whether it is watch-only. */
export function findUserWallet(db: Kysely<Database>, userId: number, chainId: number, address: string) {
  return db
    .selectFrom('wallets')
    .select(['address', 'is_watch_only'])
    .where('user_id', '=', userId)
    .where('chain_id', '=', chainId)
    .where('address', '=', getAddress(address))
    .executeTakeFirst();
}

/** Whether `address` is the pair an index farm stakes. */
export async function isIndexPair(db: Kysely<Database>, chainId: number, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('farm_index')
    .select('id')
    .where('chain_id', '=', chainId)
    .where('pair_address', '=', getAddress(address))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The index farm at `address`, if any. */
export function findIndexFarm(db: Kysely<Database>, chainId: number, address: string) {
  return db
    .selectFrom('farm_index')
    .select(['address', 'kind'])
    .where('chain_id', '=', chainId)
    .where('address', '=', getAddress(address))
    .executeTakeFirst();
}

function selectTransactions(db: DbOrTrx) {
  return db
    .selectFrom('wallet_transactions as t')
    .leftJoin('farms as f', 'f.id', 't.farm_id')
    .selectAll('t')
    .select('f.address as farm_address');
}

/** A recorded transaction by its hash (lower-case) on a chain. */
export function findWalletTransaction(
  db: DbOrTrx,
  chainId: number,
  txHash: string,
): Promise<WalletTransactionRow | undefined> {
  return selectTransactions(db)
    .where('t.chain_id', '=', chainId)
    .where('t.tx_hash', '=', txHash)
    .executeTakeFirst();
}

/** Stores a transaction unless its hash is stored already (two reports at once store one row). */
export async function insertWalletTransaction(
  db: DbOrTrx,
  row: Insertable<WalletTransactionsTable>,
): Promise<void> {
  await db
    .insertInto('wallet_transactions')
    .values(row)
    .onConflict((oc) => oc.columns(['chain_id', 'tx_hash']).doNothing())
    .execute();
}

/** The user's recorded transactions of one wallet, newest first. */
export function listWalletTransactions(
  db: DbOrTrx,
  userId: number,
  chainId: number,
  wallet: string,
): Promise<WalletTransactionRow[]> {
  return selectTransactions(db)
    .where('t.user_id', '=', userId)
    .where('t.chain_id', '=', chainId)
    .where('t.wallet_address', '=', getAddress(wallet))
    .orderBy('t.block_number', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
}

/** Which of the transactions' (farm, wallet, block) have a position snapshot at that block or later. */
export async function findSnapshotsSince(
  db: DbOrTrx,
  rows: { farm_id: number | null; wallet_address: string; block_number: number | string }[],
): Promise<boolean[]> {
  return Promise.all(
    rows.map(async (row) => {
      if (row.farm_id === null) return false;
      const found = await db
        .selectFrom('position_snapshots')
        .select('id')
        .where('farm_id', '=', row.farm_id)
        .where('account_address', '=', row.wallet_address)
        .where('block_number', '>=', Number(row.block_number))
        .limit(1)
        .executeTakeFirst();
      return found !== undefined;
    }),
  );
}

/**
 * The wallet's recorded steps that move LP (a farm's `exit` or `withdraw` returns it, `remove_liquidity`
 * burns it) that succeeded, oldest first: the plan tells the LP its own farm steps returned from LP the
 * wallet held loose. Any account's records of the wallet: they are checked facts of its chain.
 */
export function listRecordedLpSteps(db: DbOrTrx, chainId: number, wallet: string) {
  return db
    .selectFrom('wallet_transactions')
    .select(['tx_hash', 'step_kind', 'to_address', 'block_number'])
    .where('chain_id', '=', chainId)
    .where('wallet_address', '=', getAddress(wallet))
    .where('status', '=', 'success')
    .where('step_kind', 'in', ['exit', 'withdraw', 'remove_liquidity'])
    .orderBy('block_number')
    .orderBy('id')
    .execute();
}
