import type { Blockchain, Wallet, WalletCatalogueEntry } from '@tidewatch/shared';
import type { Kysely, Selectable } from 'kysely';
import { toDbTime } from '../../core/db/index.ts';
import type { Database, SiweNoncesTable } from '../../core/db/types.ts';

type Db = Kysely<Database>;
export type NonceRow = Selectable<SiweNoncesTable>;
/** What a signed message may be spent on; a message issued for one purpose is refused for the others. */
export type NoncePurpose = 'connect-wallet' | 'sign-up' | 'log-in' | 'delete-account';

export async function findBlockchain(db: Db, chainId: number): Promise<Blockchain | undefined> {
  const row = await db
    .selectFrom('blockchains')
    .select(['name', 'chain_id', 'explorer_url'])
    .where('chain_id', '=', chainId)
    .executeTakeFirst();
  return row && { name: row.name, chainId: row.chain_id, explorerUrl: row.explorer_url };
}

/** Catalogue rows grouped by wallet service, in display order. */
export async function listCatalogue(db: Db): Promise<WalletCatalogueEntry[]> {
  const rows = await db
    .selectFrom('wallet_catalogue as c')
    .innerJoin('blockchains as b', 'b.chain_id', 'c.chain_id')
    .select(['c.name as name', 'b.name as blockchain'])
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
  const byName = new Map<string, string[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.blockchain]);
  return [...byName].map(([name, blockchains]) => ({ name, blockchains }));
}

function walletsOf(db: Db, userId: number) {
  return db
    .selectFrom('wallets as w')
    .innerJoin('blockchains as b', 'b.chain_id', 'w.chain_id')
    .select([
      'w.id as id',
      'w.name as name',
      'w.address as address',
      'b.name as chainName',
      'b.chain_id as chainId',
      'w.is_watch_only as isWatchOnly',
    ])
    .where('w.user_id', '=', userId);
}

type WalletRow = {
  id: number;
  name: string;
  address: string;
  chainName: string;
  chainId: number;
  isWatchOnly: number;
};
const toWallet = (row: WalletRow): Wallet => ({
  id: row.id,
  name: row.name,
  address: row.address,
  blockchain: { name: row.chainName, chainId: row.chainId },
  is_watch_only: row.isWatchOnly === 1,
});

export async function listWallets(db: Db, userId: number): Promise<Wallet[]> {
  const rows = await walletsOf(db, userId).orderBy('w.id').execute();
  return rows.map(toWallet);
}

/** The user's own wallet by id; another user's wallet is as absent as an unknown one. */
export async function findWallet(db: Db, userId: number, walletId: number): Promise<Wallet | undefined> {
  const row = await walletsOf(db, userId).where('w.id', '=', walletId).executeTakeFirst();
  return row && toWallet(row);
}

const walletValues = (
  wallet: { userId: number; name: string; address: string; chainId: number },
  now: Date,
) => ({
  user_id: wallet.userId,
  name: wallet.name,
  address: wallet.address,
  chain_id: wallet.chainId,
  verified_at: toDbTime(now),
  created_at: toDbTime(now),
});

/** Inserts the wallet; returns undefined when that user already has it on that chain. */
export async function insertWallet(
  db: Db,
  wallet: { userId: number; name: string; address: string; chainId: number },
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .insertInto('wallets')
    .values(walletValues(wallet, now))
    // A watch-only address the user now proves becomes a saved wallet; a saved one stays as it is.
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'chain_id', 'address'])
        .doUpdateSet({ is_watch_only: 0, name: wallet.name, verified_at: toDbTime(now) })
        .where('wallets.is_watch_only', '=', 1),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Adds a watch-only address; undefined when the user already has that address (watched or saved). */
export async function insertWatchWallet(
  db: Db,
  wallet: { userId: number; name: string; address: string; chainId: number },
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .insertInto('wallets')
    .values({ ...walletValues(wallet, now), is_watch_only: 1 })
    .onConflict((conflict) => conflict.columns(['user_id', 'chain_id', 'address']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function countWatchWallets(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('wallets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('is_watch_only', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteWallet(db: Db, userId: number, walletId: number): Promise<void> {
  await db.deleteFrom('wallets').where('id', '=', walletId).where('user_id', '=', userId).execute();
}

export async function insertNonce(
  db: Db,
  row: {
    nonce: string;
    purpose: NoncePurpose;
    userId: number | null;
    address: string;
    message: string;
    issuedAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('siwe_nonces')
    .values({
      nonce: row.nonce,
      purpose: row.purpose,
      user_id: row.userId,
      address: row.address,
      message: row.message,
      issued_at: toDbTime(row.issuedAt),
      expires_at: toDbTime(row.expiresAt),
      consumed_at: null,
      saved_at: null,
    })
    .execute();
}

/** Drops nonces that expired a day ago or more: they can no longer explain a failure. */
export async function deleteStaleNonces(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.deleteFrom('siwe_nonces').where('expires_at', '<', toDbTime(cutoff)).execute();
}

export function findNonce(db: Db, nonce: string): Promise<NonceRow | undefined> {
  return db.selectFrom('siwe_nonces').selectAll().where('nonce', '=', nonce).executeTakeFirst();
}

/** The newest message issued to this user for this address in the guide. */
export function findLatestGuideNonce(db: Db, userId: number, address: string): Promise<NonceRow | undefined> {
  return db
    .selectFrom('siwe_nonces')
    .selectAll()
    .where('purpose', '=', 'connect-wallet')
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Marks the nonce used. A single conditional UPDATE is the whole guard: of two racing requests
 * exactly one sees an affected row. False means someone else consumed it (or it just expired).
 */
export async function consumeNonce(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('siwe_nonces')
    .set({ consumed_at: toDbTime(now) })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', toDbTime(now))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Spends a verified guide signature on a save, once: same user, same address, verified after
 * `verifiedAfter`, not saved yet. False when any of that does not hold.
 */
export async function claimVerification(
  db: Db,
  claim: { nonce: string; userId: number; address: string; verifiedAfter: Date },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('siwe_nonces')
    .set({ saved_at: toDbTime(now) })
    .where('nonce', '=', claim.nonce)
    .where('purpose', '=', 'connect-wallet')
    .where('user_id', '=', claim.userId)
    .where('address', '=', claim.address)
    .where('consumed_at', 'is not', null)
    .where('consumed_at', '>', toDbTime(claim.verifiedAfter))
    .where('saved_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** What deleting an account by signature needs to know of its user: the wallet it was made from, a password. */
export async function findWalletAccount(
  db: Db,
  userId: number,
): Promise<{ wallet_address: string | null; password_hash: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['wallet_address', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function findUserIdByWalletAddress(db: Db, address: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('wallet_address', '=', address)
    .executeTakeFirst();
  return row?.id;
}

/** Creates an e-mail-less, password-less account for the address; undefined if one appeared meanwhile. */
export async function insertWalletUser(db: Db, address: string, now: Date): Promise<number | undefined> {
  const row = await db
    .insertInto('users')
    .values({
      email: null,
      password_hash: null,
      email_confirmed_at: null,
      created_at: toDbTime(now),
      wallet_address: address,
    })
    .onConflict((conflict) => conflict.column('wallet_address').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
