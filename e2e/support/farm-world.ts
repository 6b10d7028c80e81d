import { formatUsd as formatMoney } from '@tidewatch/shared/format';
import {
  type Anvil,
  type CmcServer,
  cmcListingsForWorld,
  deployQuickswapWorld,
  startAnvil,
  startCmcServer,
  type World,
  type WorldFarm,
  worldAppEnv,
} from '@tidewatch/testkit';
import { createPublicClient, http, parseAbi } from 'viem';
import { type AppServer, startAppServer } from './app-server.ts';

/** A local chain with the QuickSwap-like world, the CoinMarketCap-compatible server, and the app on both. */
export type FarmWorld = {
  anvil: Anvil;
  world: World;
  cmc: CmcServer;
  app: AppServer;
  stop: () => Promise<void>;
};

/** Settings for the app, or a function giving them once the chain is prepared (settings naming what it deployed). */
export type AppEnv = Record<string, string> | (() => Record<string, string>);

export type FarmWorldOptions = {
  /** Extra settings for the app; a function is called after `prepareChain`. */
  env?: AppEnv;
  /**
   * Changes the chain after the world is deployed and before the app starts (its farm index is built at
   * start-up): stakes, the clock, contracts placed at real addresses. Returns the world as it is then
   * (placeRouterAt moves `router`), which the app's settings are taken from.
   */
  prepareChain?: (anvil: Anvil, world: World) => Promise<World>;
};

export async function startFarmWorld(options: FarmWorldOptions = {}): Promise<FarmWorld> {
  const anvil = await startAnvil();
  let world: World;
  try {
    const deployed = await deployQuickswapWorld(anvil);
    world = options.prepareChain ? await options.prepareChain(anvil, deployed) : deployed;
  } catch (error) {
    await anvil.stop().catch(() => {});
    throw error;
  }
  const cmc = await startCmcServer({ apiKey: 'e2e-cmc-key', listings: cmcListingsForWorld(world) });
  const app = await startAppServer({
    rpcUrl: anvil.rpcUrl,
    env: {
      CMC_API_KEY: cmc.apiKey,
      CMC_API_URL: cmc.url,
      ...worldAppEnv(world),
      ...(typeof options.env === 'function' ? options.env() : options.env),
    },
  });
  return {
    anvil,
    world,
    cmc,
    app,
    stop: async () => {
      await app.stop().catch(() => {});
      await cmc.stop().catch(() => {});
      await anvil.stop().catch(() => {});
    },
  };
}

/**
 * A figure the test computed, written as the app writes money (the one format in packages/shared). The test's
 * own figure is never unknown: NaN fails here instead of matching the app's 'unknown'.
 */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`the test computed no figure to compare (${value})`);
  return formatMoney(value);
}

const pairAbi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function totalSupply() view returns (uint256)',
]);
const farmAbi = parseAbi([
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
]);

const whole = (amount: bigint, decimals: number) => Number(amount) / 10 ** decimals;

/** USD price of a token as the test knows it (the world's spec); null for a token nothing prices. */
function priceOf(world: World, address: string): { price: number | null; decimals: number } {
  const token = Object.values(world.tokens).find((t) => t.address.toLowerCase() === address.toLowerCase());
  if (!token) throw new Error(`unknown token ${address}`);
  return { price: token.usdPrice, decimals: token.decimals };
}

/**
 * Pool TVL and LP price read from the chain now: r0*p0 + r1*p1, a side without a price derived from the
 * other through the pool's own reserves (ARCHITECTURE "Money and numbers").
 */
export async function readPoolValue(world: World, farm: WorldFarm, account?: `0x${string}`) {
  const client = createPublicClient({ transport: http(world.rpcUrl) });
  const [[r0, r1], token0, token1, supply] = await Promise.all([
    client.readContract({ address: farm.pair, abi: pairAbi, functionName: 'getReserves' }),
    client.readContract({ address: farm.pair, abi: pairAbi, functionName: 'token0' }),
    client.readContract({ address: farm.pair, abi: pairAbi, functionName: 'token1' }),
    client.readContract({ address: farm.pair, abi: pairAbi, functionName: 'totalSupply' }),
  ]);
  const t0 = priceOf(world, token0);
  const t1 = priceOf(world, token1);
  const amount0 = whole(r0, t0.decimals);
  const amount1 = whole(r1, t1.decimals);
  const p0 = t0.price ?? (t1.price === null ? null : (t1.price * amount1) / amount0);
  const p1 = t1.price ?? (t0.price === null ? null : (t0.price * amount0) / amount1);
  if (p0 === null || p1 === null) throw new Error('the test world prices one side of every farm pool');
  const tvl = amount0 * p0 + amount1 * p1;
  const lpPrice = tvl / whole(supply, 18);
  let positionUsd: number | undefined;
  if (account) {
    const staked = await client.readContract({
      address: farm.address,
      abi: farmAbi,
      functionName: 'balanceOf',
      args: [account],
    });
    positionUsd = whole(staked, 18) * lpPrice;
  }
  return { tvl, lpPrice, positionUsd };
}
