import type { Kysely } from 'kysely';
import { type Address, getAddress } from 'viem';
import type { Database } from '../db/index.ts';
import type { MerklCumulative } from './merkl-client.ts';
import type { MerklAnswerStore } from './merkl-rewards.ts';

type StoredReward = { token: string; symbol: string; decimals: number; amount: string };

/**
 * The last good Merkl API answer per wallet, in merkl_answers (migration 022): one row per chain and wallet,
 * replaced by each good answer. Read only when the API fails.
 */
export function createMerklAnswerStore(db: Kysely<Database>): MerklAnswerStore {
  return {
    async load(chainId, wallet) {
      const row = await db
        .selectFrom('merkl_answers')
        .select(['rewards', 'fetched_at'])
        .where('chain_id', '=', chainId)
        .where('wallet_address', '=', getAddress(wallet))
        .executeTakeFirst();
      if (!row) return null;
      const rewards: MerklCumulative = (JSON.parse(row.rewards) as StoredReward[]).map((r) => ({
        token: getAddress(r.token) as Address,
        symbol: r.symbol,
        decimals: r.decimals,
        amount: BigInt(r.amount),
      }));
      return { rewards, fetchedAt: row.fetched_at };
    },
    async save(chainId, wallet, rewards, fetchedAt) {
      const stored: StoredReward[] = rewards.map((r) => ({ ...r, amount: r.amount.toString() }));
      const values = {
        chain_id: chainId,
        wallet_address: getAddress(wallet),
        rewards: JSON.stringify(stored),
        fetched_at: fetchedAt.toISOString(),
      };
      await db
        .insertInto('merkl_answers')
        .values(values)
        .onConflict((oc) =>
          oc
            .columns(['chain_id', 'wallet_address'])
            .doUpdateSet({ rewards: values.rewards, fetched_at: values.fetched_at }),
        )
        .execute();
    },
  };
}
