import type { FindMyFarmsResponse, IndexedFarm } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { labelSymbol, type OldTokens } from '../chain/token-labels.ts';
import type { Database } from '../db/index.ts';
import { countIndexed, findLastRefresh, type IndexRow } from './index-repository.ts';

/** An index older than this is said to be stale (it refreshes daily). */
const staleAfterMs = 2 * 86_400_000;

/** An index row as the API shows it, with its tokens' labels and whether it is imported. */
export function toIndexedFarm(row: IndexRow, imported: Set<string>, old: OldTokens): IndexedFarm {
  const token = (address: string, symbol: string, decimals: number) => ({
    address,
    symbol: labelSymbol(old, address, symbol),
    decimals,
  });
  return {
    address: row.address,
    kind: row.kind,
    pair_address: row.pair_address,
    token0: token(row.token0_address, row.token0_symbol, row.token0_decimals),
    token1: token(row.token1_address, row.token1_symbol, row.token1_decimals),
    reward_token_a: token(row.reward_a_address, row.reward_a_symbol, row.reward_a_decimals),
    reward_token_b:
      row.reward_b_address && row.reward_b_symbol && row.reward_b_decimals !== null
        ? token(row.reward_b_address, row.reward_b_symbol, row.reward_b_decimals)
        : null,
    reward_rate_a: row.reward_rate_a,
    reward_rate_b: row.reward_rate_b,
    period_finish: row.period_finish,
    is_ended: row.is_ended === 1,
    is_paused: row.is_paused === 1,
    total_staked: row.total_staked,
    tvl_usd: row.tvl_usd,
    apr: row.apr,
    is_imported: imported.has(row.address.toLowerCase()),
  };
}

/** The index's state as every answer built on it reports it (find my farms, the recovery plan). */
export type IndexState = FindMyFarmsResponse['index'];

/** When the index last finished a refresh, and whether that is too long ago to trust an empty answer. */
export async function readIndexState(db: Kysely<Database>, chainId: number, now: Date): Promise<IndexState> {
  const [refreshedAt, listed] = await Promise.all([findLastRefresh(db), countIndexed(db, chainId)]);
  return {
    refreshed_at: refreshedAt,
    is_stale: refreshedAt === null || now.getTime() - Date.parse(refreshedAt) > staleAfterMs,
    is_empty: listed === 0,
  };
}
