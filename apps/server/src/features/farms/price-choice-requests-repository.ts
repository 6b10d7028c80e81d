import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/index.ts';

type RequestInput = {
  tokenId: number;
  userId: number;
  priceSource: string;
  coinmarketcapId: number | null;
  note: string | null;
  createdAt: string;
};

/** Stores a user's request for another price source of a token; a newer one of the same user replaces it. */
export async function upsertPriceChoiceRequest(db: Kysely<Database>, input: RequestInput): Promise<void> {
  const values = {
    price_source: input.priceSource,
    coinmarketcap_id: input.coinmarketcapId,
    note: input.note,
    created_at: input.createdAt,
  };
  await db
    .insertInto('price_choice_requests')
    .values({ token_id: input.tokenId, user_id: input.userId, ...values })
    .onConflict((oc) => oc.columns(['token_id', 'user_id']).doUpdateSet(values))
    .execute();
}

/**
 * The open requests for these tokens, oldest first, with the requester's e-mail or wallet; only `userId`'s own
 * when given (a user sees their own request, the operator every one).
 */
export function findPriceChoiceRequests(db: Kysely<Database>, tokenIds: number[], userId?: number) {
  if (tokenIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('price_choice_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.token_id',
      'r.user_id',
      'r.price_source',
      'r.coinmarketcap_id',
      'r.note',
      'r.created_at',
      'u.email',
      'u.wallet_address',
    ])
    .where('r.token_id', 'in', tokenIds);
  if (userId !== undefined) query = query.where('r.user_id', '=', userId);
  return query.orderBy('r.created_at', 'asc').orderBy('r.id', 'asc').execute();
}

/** Requests for a token end when the operator sets its source: they were answered. */
export async function deletePriceChoiceRequests(db: Kysely<Database>, tokenId: number): Promise<void> {
  await db.deleteFrom('price_choice_requests').where('token_id', '=', tokenId).execute();
}
