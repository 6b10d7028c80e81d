import type { FarmIndexPage, IndexedFarm } from '@tidewatch/shared';
import type { FakeReply } from '../../../test/fake-fetch.ts';

/** The farm index's entry for `address` (only its address matters to the position actions). */
function indexedFarm(address: string): IndexedFarm {
  const token = { address: '0x2222222222222222222222222222222222222222', symbol: 'WMATIC', decimals: 18 };
  return {
    address,
    kind: 'lp',
    pair_address: '0x3333333333333333333333333333333333333333',
    token0: token,
    token1: token,
    reward_token_a: token,
    reward_token_b: null,
    reward_rate_a: '0',
    reward_rate_b: null,
    period_finish: '0',
    is_ended: true,
    is_paused: false,
    total_staked: '0',
    tvl_usd: null,
    apr: null,
    is_imported: true,
  };
}

/**
 * The server's answer to GET /api/quickswap/farm-index?token=<address> when the index lists the farms
 * `listed`; undefined for any other path.
 */
export function answerFarmIndex(path: string, listed: string[]): FakeReply | undefined {
  if (!path.startsWith('/quickswap/farm-index?')) return undefined;
  const token = (new URLSearchParams(path.split('?')[1]).get('token') ?? '').toLowerCase();
  const items = listed.filter((address) => address.toLowerCase() === token).map(indexedFarm);
  const page: FarmIndexPage = {
    items,
    total: items.length,
    page: 1,
    per_page: 100,
    refreshed_at: null,
    last_error: null,
  };
  return { body: page };
}
