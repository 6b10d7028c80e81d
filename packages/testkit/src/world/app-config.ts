import type { Address } from 'viem';
import type { World } from './types.ts';
import type { V3World } from './v3-types.ts';

/**
 * The on-chain price settings that point Tidewatch at a world (its factory, reference tokens, hubs, QUICK
 * and the lairs), for `createOnchainPriceSource({ chain, ...worldPriceOptions(world) })`. `hubs`: WETH and
 * WBTC price a token with neither a USDC nor a WMATIC pair, as Polygon's defaults do (MYST through WETH);
 * without it the world has no hub and MYST no price (the unpriced token the wizard's journeys name).
 */
export function worldPriceOptions(
  world: World,
  options: { hubs?: boolean } = {},
): {
  factory: Address;
  usdc: Address;
  wmatic: Address;
  hubs: Address[];
  quick: { old: Address; new: Address };
  lairs: { lair: Address; quick: Address }[];
} {
  const t = world.tokens;
  return {
    factory: world.factory,
    usdc: t.USDC.address,
    wmatic: t.WMATIC.address,
    hubs: options.hubs ? [t.WETH.address, t.WBTC.address] : [],
    quick: { old: t.QUICK.address, new: t.NEW_QUICK.address },
    lairs: [
      { lair: t.DQUICK.address, quick: t.QUICK.address },
      { lair: t.NEW_DQUICK.address, quick: t.NEW_QUICK.address },
    ],
  };
}

/**
 * The environment that points the app at a world: the same variables an operator sets for Polygon, and
 * FINALITY=depth with FINALITY_DEPTH=0: the history reads up to the local chain's head (a test of finality or
 * reorganisations overrides both, e.g. `{ ...worldAppEnv(world), FINALITY: 'finalized' }` on an anvil started
 * with `--slots-in-an-epoch 1`, whose finalized block is the head − 2). `hubs` as worldPriceOptions'.
 */
export function worldAppEnv(world: World, options: { hubs?: boolean } = {}): Record<string, string> {
  const t = world.tokens;
  return {
    CHAIN_ID: String(world.chainId),
    MULTICALL3_ADDRESS: world.multicall3,
    QUICKSWAP_FACTORY_ADDRESS: world.factory,
    USDC_ADDRESS: t.USDC.address,
    WMATIC_ADDRESS: t.WMATIC.address,
    PRICE_HUB_ADDRESSES: options.hubs ? `${t.WETH.address},${t.WBTC.address}` : '',
    QUICK_ADDRESS: t.QUICK.address,
    NEW_QUICK_ADDRESS: t.NEW_QUICK.address,
    DQUICK_ADDRESS: t.DQUICK.address,
    NEW_DQUICK_ADDRESS: t.NEW_DQUICK.address,
    QUICKSWAP_ROUTER_ADDRESS: world.router,
    QUICK_CONVERTER_ADDRESS: world.quickConverter,
    LP_FARM_FACTORIES: world.lpFarmFactory,
    DUAL_FARM_FACTORIES: world.dualFarmFactory,
    FINALITY: 'depth',
    FINALITY_DEPTH: '0',
  };
}

/**
 * The environment that points the app at a V3 world (QuickSwap V3 and Merkl): the variables an operator sets for
 * Polygon. MERKL_API_URL only when given (a kit Merkl server's url); otherwise the app's default stays.
 * @example const env = { ...worldAppEnv(world), ...v3WorldAppEnv(v3World, { merklApiUrl: merkl.url }) };
 */
export function v3WorldAppEnv(
  v3World: V3World,
  options: { merklApiUrl?: string } = {},
): Record<string, string> {
  return {
    V3_FACTORY_ADDRESS: v3World.factory,
    V3_POOL_DEPLOYER_ADDRESS: v3World.poolDeployer,
    V3_POSITION_MANAGER_ADDRESS: v3World.positionManager,
    V3_FARMING_CENTER_ADDRESS: v3World.farmingCenter,
    V3_ETERNAL_FARMING_ADDRESS: v3World.eternalFarming,
    // At Polygon's address, but on a local chain: its incentives are read from the first block.
    V3_ETERNAL_FARMING_FROM_BLOCK: '0',
    MERKL_DISTRIBUTOR_ADDRESS: v3World.merkl.distributor,
    ...(options.merklApiUrl ? { MERKL_API_URL: options.merklApiUrl } : {}),
  };
}
