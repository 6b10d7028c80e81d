import {
  type Anvil,
  deployQuickswapWorld,
  type RpcProxy,
  startAnvil,
  startRpcProxy,
  type World,
} from '@tidewatch/testkit';
import { type ChainClient, type ChainClientOptions, createChainClient } from './client.ts';

export type TestChain = {
  anvil: Anvil;
  world: World;
  /** Counting, fault-injecting proxy in front of the node; `chain` talks through it. */
  proxy: RpcProxy;
  chain: ChainClient;
  /** Another client through the proxy with different options (e.g. a short timeout). */
  makeClient(options?: Partial<ChainClientOptions>): ChainClient;
  stop(): Promise<void>;
};

/** Test-only: a local node with the QuickSwap world, a proxy in front, and a chain client through it. */
export async function startTestChain(options: { anvilArgs?: string[] } = {}): Promise<TestChain> {
  const anvil = await startAnvil({ args: options.anvilArgs ?? [] });
  const world = await deployQuickswapWorld(anvil);
  const proxy = await startRpcProxy({ target: anvil.rpcUrl });
  const makeClient = (options: Partial<ChainClientOptions> = {}) =>
    createChainClient({
      rpcUrls: [proxy.url],
      chainId: world.chainId,
      multicall3Address: world.multicall3,
      ...options,
    });
  return {
    anvil,
    world,
    proxy,
    chain: makeClient(),
    makeClient,
    async stop() {
      await proxy.stop();
      await anvil.stop();
    },
  };
}

/** Relative closeness for USD figures computed two ways (bigint fixed point vs. plain doubles). */
export function isRelativelyClose(actual: number | null, expected: number, tolerance = 1e-9): boolean {
  if (actual === null) return false;
  if (expected === 0) return Math.abs(actual) < tolerance;
  return Math.abs(actual - expected) / Math.abs(expected) < tolerance;
}
