import { ALGEBRA_POOL_INIT_CODE_HASH } from '@tidewatch/contracts';
import { polygonChain } from '@tidewatch/shared/chain-registry';
import type { Kysely } from 'kysely';
import type { ChainClient } from '../../core/chain/client.ts';
import type { Config } from '../../core/config.ts';
import type { Database } from '../../core/db/index.ts';
import { findIndexRows } from '../../core/farm-index/index-repository.ts';
import { loadSyrupRegistry } from '../../core/farm-index/syrup-registry.ts';
import type { PlanChainPrices } from '../../core/prices/plan-chain-prices.ts';
import type { PriceSources } from '../../core/snapshots/index.ts';
import { planTokenPrices } from '../../core/snapshots/token-prices.ts';
import type { ChainHoldingsScope } from './reads/find-holdings.ts';

/** Polygon as the chains feature reads it: the instance's own chain client, its one price rule, what to look at. */
export type PolygonSide = {
  chain: ChainClient;
  planPrices: PlanChainPrices;
  /** What the lens looks at on Polygon now: its V3 (Algebra V1.0) and FarmingCenter, every indexed V2 farm, the syrups. */
  scope(): Promise<ChainHoldingsScope>;
};

/**
 * Polygon's part of 'one address, every chain' (issue 47): its addresses are the instance's configuration (the V3_*
 * variables), its V2 farms the farm index (every farm ever, ended ones included), its syrups QuickSwap's list; its
 * prices the app's one rule with the operator's choices (planTokenPrices), as every Polygon tool prices. Undefined
 * without a Polygon RPC.
 */
export function createPolygonSide(deps: {
  db: Kysely<Database>;
  chainId: number;
  chain?: ChainClient | undefined;
  prices?: PriceSources | undefined;
  v3: Config['v3'];
}): PolygonSide | undefined {
  const { chain, prices } = deps;
  if (!chain || !prices) return undefined;
  return {
    chain,
    planPrices: (plan, tokens) =>
      planTokenPrices({ db: deps.db, chainId: deps.chainId, prices }, plan, tokens, { isLive: true }),
    async scope() {
      const farms = await findIndexRows(deps.db, deps.chainId);
      const of = (kind: string) =>
        farms.filter((f) => f.kind === kind).map((f) => f.address as `0x${string}`);
      return {
        name: polygonChain.name,
        concentrated: {
          product: 'v3',
          positionManager: deps.v3.positionManager,
          poolDeployer: deps.v3.poolDeployer,
          poolInitCodeHash: ALGEBRA_POOL_INIT_CODE_HASH,
          farmingCenter: deps.v3.farmingCenter,
        },
        v2Factory: null,
        syrups: loadSyrupRegistry().map((syrup) => syrup.address),
        lpFarms: of('lp'),
        dualFarms: of('dual'),
      };
    },
  };
}
