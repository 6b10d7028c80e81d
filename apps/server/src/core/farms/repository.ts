import type { FarmKind } from '@tidewatch/shared';
import { type Insertable, sql } from 'kysely';
import { getAddress } from 'viem';
import type { DbOrTrx } from '../db/index.ts';
import type { FarmRow, TokenRow, TokenSnapshotsTable } from '../db/tables/farms.ts';

// Every writer here takes a DbOrTrx: it runs inside the caller's transaction when there is one.

export type TokenInput = {
  address: string;
  symbol: string;
  name?: string | null;
  decimals: number;
  /** The user's CoinMarketCap choice; applied to an existing token only while it has none. */
  coinmarketcapId?: number | null;
  coinmarketcapSlug?: string | null;
};

export type ImportedFarmInput = {
  chainId: number;
  farm: { address: string; kind: FarmKind; url: string; createdBy: number | null };
  pool: { address: string; token0: TokenInput; token1: TokenInput };
  /** One reward for an LP farm; A and B for a dual farm. */
  rewardTokens: TokenInput[];
};

export type ImportedFarmIds = {
  farmId: number;
  poolId: number;
  /** Token ids keyed by lower-case address. */
  tokenIds: Map<string, number>;
  /** False when the farm already existed (the import then only refreshed its pool, rewards and URL). */
  isNewFarm: boolean;
};

const iso = (date: Date) => date.toISOString();

/**
 * Inserts a token, or returns the existing row's id. The tokens table is shared by every user's farms,
 * so an import never relabels an existing token: its symbol and name stay, and the CoinMarketCap
 * id/slug are set only while the row has none (the first confirmed choice wins; an import without
 * CMC_API_KEY leaves them empty for a later one). Otherwise one user's import of another farm with
 * USDC could rename USDC, or point its price at another asset, for everyone.
 */
export async function upsertToken(
  db: DbOrTrx,
  chainId: number,
  token: TokenInput,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('tokens')
    .values({
      chain_id: chainId,
      address: getAddress(token.address),
      symbol: token.symbol,
      name: token.name ?? null,
      decimals: token.decimals,
      coinmarketcap_id: token.coinmarketcapId ?? null,
      coinmarketcap_slug: token.coinmarketcapId == null ? null : (token.coinmarketcapSlug ?? null),
      // Choosing a candidate in the wizard is choosing the price API for the token (decision 021).
      price_choice: token.coinmarketcapId == null ? 'onchain' : 'coinmarketcap',
      created_at: iso(now),
    })
    // DO UPDATE, not DO NOTHING, so that RETURNING yields the existing row's id on both databases.
    .onConflict((oc) =>
      oc.columns(['chain_id', 'address']).doUpdateSet((eb) => {
        const isUnpriced = eb('tokens.coinmarketcap_id', 'is', null);
        return {
          coinmarketcap_id: eb.fn.coalesce('tokens.coinmarketcap_id', 'excluded.coinmarketcap_id'),
          coinmarketcap_slug: eb
            .case()
            .when(isUnpriced)
            .then(eb.ref('excluded.coinmarketcap_slug'))
            .else(eb.ref('tokens.coinmarketcap_slug'))
            .end(),
        };
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Creates (or updates) a farm with its pool and tokens. Pass the wizard's transaction so that "create
 * farm, pool, tokens and all snapshots" commits or fails as one.
 * @example
 * await db.transaction().execute(async (trx) => {
 *   const ids = await upsertImportedFarm(trx, input);
 *   await writer.writeSnapshots(trx, collected);
 * });
 */
export async function upsertImportedFarm(
  trx: DbOrTrx,
  input: ImportedFarmInput,
  now = new Date(),
): Promise<ImportedFarmIds> {
  const tokenIds = new Map<string, number>();
  for (const token of [input.pool.token0, input.pool.token1, ...input.rewardTokens]) {
    tokenIds.set(token.address.toLowerCase(), await upsertToken(trx, input.chainId, token, now));
  }
  const idOf = (token: TokenInput) => tokenIds.get(token.address.toLowerCase())!;
  const pool = await trx
    .insertInto('pools')
    .values({
      chain_id: input.chainId,
      address: getAddress(input.pool.address),
      token0_id: idOf(input.pool.token0),
      token1_id: idOf(input.pool.token1),
      created_at: iso(now),
    })
    .onConflict((oc) =>
      oc.columns(['chain_id', 'address']).doUpdateSet({ token0_id: idOf(input.pool.token0) }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const address = getAddress(input.farm.address);
  const existing = await findFarmByAddress(trx, input.chainId, address);
  const [rewardA, rewardB] = input.rewardTokens;
  if (!rewardA) throw new Error('upsertImportedFarm needs at least one reward token');
  const values = {
    kind: input.farm.kind,
    pool_id: pool.id,
    reward_token_a_id: idOf(rewardA),
    reward_token_b_id: rewardB ? idOf(rewardB) : null,
    url: input.farm.url,
  };
  if (existing) {
    await trx.updateTable('farms').set(values).where('id', '=', existing.id).execute();
    return { farmId: existing.id, poolId: pool.id, tokenIds, isNewFarm: false };
  }
  const farm = await trx
    .insertInto('farms')
    .values({
      ...values,
      chain_id: input.chainId,
      address,
      period_finish: null,
      created_by: input.farm.createdBy,
      created_at: iso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { farmId: farm.id, poolId: pool.id, tokenIds, isNewFarm: true };
}

/** The farm at `address` on `chainId` (case-insensitive), or undefined. */
export async function findFarmByAddress(
  db: DbOrTrx,
  chainId: number,
  address: string,
): Promise<FarmRow | undefined> {
  return db
    .selectFrom('farms')
    .selectAll()
    .where('chain_id', '=', chainId)
    .where('address', '=', getAddress(address))
    .executeTakeFirst();
}

/** Tokens by lower-case address. */
export async function findTokensByAddress(
  db: DbOrTrx,
  chainId: number,
  addresses: string[],
): Promise<Map<string, TokenRow>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .selectFrom('tokens')
    .selectAll()
    .where('chain_id', '=', chainId)
    .where(
      'address',
      'in',
      addresses.map((a) => getAddress(a)),
    )
    .execute();
  return new Map(rows.map((row) => [row.address.toLowerCase(), row]));
}

/** Every token some farm uses (pair tokens and reward tokens). */
export async function findTokensInUse(db: DbOrTrx, chainId: number): Promise<TokenRow[]> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('chain_id', '=', chainId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('pools')
            .select('pools.id')
            .where((p) =>
              p.or([
                p('pools.token0_id', '=', p.ref('tokens.id')),
                p('pools.token1_id', '=', p.ref('tokens.id')),
              ]),
            ),
        ),
        eb.exists(
          eb
            .selectFrom('farms')
            .select('farms.id')
            .where((f) =>
              f.or([
                f('farms.reward_token_a_id', '=', f.ref('tokens.id')),
                f('farms.reward_token_b_id', '=', f.ref('tokens.id')),
              ]),
            ),
        ),
      ]),
    )
    .orderBy('id')
    .execute();
}

/**
 * True when `address` is one of the user's verified wallets. Reads the wallets feature's table with a
 * plain query (that feature owns it); addresses compare case-insensitively.
 */
export async function isVerifiedWallet(
  db: DbOrTrx,
  userId: number,
  address: string,
  chainId: number,
): Promise<boolean> {
  const result = await sql<{ id: number }>`
    select id from wallets
    where user_id = ${userId} and lower(address) = ${address.toLowerCase()}
      and chain_id = ${chainId} and verified_at is not null`.execute(db);
  return result.rows.length > 0;
}

/** Whether the user's wallet is watch-only (saved without a signature): nothing may be sent for it. */
export async function isWatchOnlyWallet(
  db: DbOrTrx,
  userId: number,
  address: string,
  chainId: number,
): Promise<boolean> {
  const result = await sql<{ is_watch_only: number | boolean }>`
    select is_watch_only from wallets
    where user_id = ${userId} and lower(address) = ${address.toLowerCase()} and chain_id = ${chainId}`.execute(
    db,
  );
  return result.rows.some((row) => Number(row.is_watch_only) === 1);
}

/** Stores one price snapshot per token, all of one moment (and block, when read on chain). */
export async function insertTokenSnapshots(
  db: DbOrTrx,
  rows: Insertable<TokenSnapshotsTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('token_snapshots').values(rows).execute();
}

/** Whether any position snapshot exists for that farm and account. */
export async function hasPositionSnapshot(db: DbOrTrx, farmId: number, account: string): Promise<boolean> {
  const row = await db
    .selectFrom('position_snapshots')
    .select('id')
    .where('farm_id', '=', farmId)
    .where('account_address', '=', getAddress(account))
    .executeTakeFirst();
  return row !== undefined;
}

/** A farm's tokens (pair tokens, then rewards), each once, as their rows. */
export async function findTokensOfFarm(db: DbOrTrx, farm: FarmRow): Promise<TokenRow[]> {
  const pool = await db
    .selectFrom('pools')
    .selectAll()
    .where('id', '=', farm.pool_id)
    .executeTakeFirstOrThrow();
  const ids = [pool.token0_id, pool.token1_id, farm.reward_token_a_id, farm.reward_token_b_id].filter(
    (id): id is number => id !== null,
  );
  const tokens = await db.selectFrom('tokens').selectAll().where('id', 'in', ids).execute();
  return ids.flatMap((id, i) => (ids.indexOf(id) === i ? tokens.filter((t) => t.id === id) : []));
}

/** A token's newest price snapshot: its on-chain price and the source its price came from. */
export function findNewestTokenPrice(db: DbOrTrx, tokenId: number) {
  return db
    .selectFrom('token_snapshots')
    .select(['onchain_price_usd', 'price_source'])
    .where('token_id', '=', tokenId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Sets where a token's price comes from: a CoinMarketCap listing, or on chain. */
export async function setTokenPriceChoice(
  db: DbOrTrx,
  tokenId: number,
  listing: { id: number; slug: string } | undefined,
  chosen: { by: string; at: Date },
): Promise<void> {
  const who = { price_choice_by: chosen.by, price_choice_at: iso(chosen.at) };
  await db
    .updateTable('tokens')
    .set(
      listing
        ? {
            price_choice: 'coinmarketcap',
            coinmarketcap_id: listing.id,
            coinmarketcap_slug: listing.slug,
            ...who,
          }
        : { price_choice: 'onchain', ...who },
    )
    .where('id', '=', tokenId)
    .execute();
}
