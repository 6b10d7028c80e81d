import type { Kysely } from 'kysely';
import { getAddress } from 'viem';
import type { Database } from '../../core/db/index.ts';

/** The ledger's own SQL: whether an address is one of the user's wallets (the rows come from core/books). */

/** The user's saved or watch-only wallet with that address on the chain (any letter case), or undefined. */
export function findUserWallet(db: Kysely<Database>, userId: number, chainId: number, address: string) {
  return db
    .selectFrom('wallets')
    .select('address')
    .where('user_id', '=', userId)
    .where('chain_id', '=', chainId)
    .where('address', '=', getAddress(address))
    .executeTakeFirst();
}
