import { createPublicClient, fallback, http, webSocket } from 'viem';

/** Chain id and latest block, or a rejection: the health check's and the start-up warning's question. */
export type ChainProbe = () => Promise<{ chainId: number; blockNumber: bigint }>;

/**
 * A minimal reachability probe for the health check and the start-up warning: chain id and latest
 * block through the configured RPC URLs (tried in order). The full chain client is client.ts beside it.
 */
export function createChainProbe(rpcUrls: string[], timeoutMs = 3000): ChainProbe {
  const transports = rpcUrls.map((url) =>
    url.startsWith('ws')
      ? webSocket(url, { timeout: timeoutMs })
      : http(url, { timeout: timeoutMs, retryCount: 0 }),
  );
  const client = createPublicClient({ transport: fallback(transports, { retryCount: 0 }) });
  return async () => {
    const [chainId, blockNumber] = await Promise.all([
      client.getChainId(),
      client.getBlockNumber({ cacheTime: 0 }),
    ]);
    return { chainId, blockNumber };
  };
}
