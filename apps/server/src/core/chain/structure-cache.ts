import type { Address } from 'viem';
import type { ChainClient } from './client.ts';
import type { TokenInfo } from './erc20.ts';

/**
 * Facts that never change once a contract is deployed (a farm's staking and reward tokens, a pair's
 * tokens and factory, a token's decimals) and a token's symbol and name, which almost never do (WMATIC's
 * became WPOL): the daily farm index refresh clears the tokens and reads them again. Caching them per
 * process is safe with several processes: each one learns them once. Keys are lower-case addresses.
 */
export type StructureCache = {
  farms: Map<string, { stakingToken: Address; rewardTokens: Address[] }>;
  pairs: Map<string, { token0: Address; token1: Address; factory: Address }>;
  tokens: Map<string, TokenInfo>;
  key(farm: { address: Address; kind: string }): string;
};

function createStructureCache(): StructureCache {
  return {
    farms: new Map(),
    pairs: new Map(),
    tokens: new Map(),
    key: (farm) => `${farm.kind}:${farm.address.toLowerCase()}`,
  };
}

const perClient = new WeakMap<ChainClient, StructureCache>();

/** The structure cache shared by every read through one chain client. */
export function getStructureCache(chain: ChainClient): StructureCache {
  let cache = perClient.get(chain);
  if (!cache) {
    cache = createStructureCache();
    perClient.set(chain, cache);
  }
  return cache;
}
