/**
 * `npm run bench:snapshots [-- --farms 100 --accounts 5]`: refreshes N farms x M accounts (reads and
 * on-chain prices, as the app does) on a local chain through the RPC-counting proxy, and prints JSON-RPC
 * HTTP requests and wall time. Target: a warm refresh is one HTTP request (issue 11).
 */
import { parseArgs } from 'node:util';
import { deployQuickswapWorld, startAnvil, startRpcProxy, worldPriceOptions } from '@tidewatch/testkit';
import { createChainClient } from '../src/core/chain/client.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { readFarmSnapshots } from '../src/core/snapshots/read.ts';
import { deployBenchFarms } from './deploy-farms.ts';

const { values } = parseArgs({
  options: {
    farms: { type: 'string', default: '100' },
    accounts: { type: 'string', default: '5' },
    // The RPC's accepted aggregate3 size (MULTICALL_BATCH_BYTES); anvil takes far more than public RPCs.
    'batch-bytes': { type: 'string', default: '600000' },
  },
});
const farmCount = Number(values.farms);
const accountCount = Number(values.accounts);
const batchBytes = Number(values['batch-bytes']);

const anvil = await startAnvil();
try {
  const setupStarted = performance.now();
  const world = await deployQuickswapWorld(anvil);
  const accounts = (await anvil.client.getAddresses()).slice(0, accountCount);
  const farms = await deployBenchFarms(anvil, world, { farmCount, accounts });
  const setupMs = Math.round(performance.now() - setupStarted);

  const proxy = await startRpcProxy({ target: anvil.rpcUrl });
  const chain = createChainClient({
    rpcUrls: [proxy.url],
    chainId: world.chainId,
    multicall3Address: world.multicall3,
    maxCalldataBytes: batchBytes,
  });
  await chain.assertChainId(); // once at start, not part of a refresh

  const measure = async (label: string, run: () => Promise<unknown>) => {
    proxy.reset();
    const started = performance.now();
    await run();
    return {
      label,
      httpRequests: proxy.requestCount,
      jsonRpcCalls: proxy.calls.length,
      wallMs: Math.round(performance.now() - started),
    };
  };
  const prices = createOnchainPriceSource({ chain, ...worldPriceOptions(world) });
  // A refresh as the app runs it: chain reads and on-chain prices in the same aggregate3.
  const refresh = () => readFarmSnapshots(chain, { farms, accounts, planPrices: prices.planPrices });
  const cold = await measure('refresh with prices, cold (structure unknown)', refresh);
  const warm = await measure('refresh with prices, warm (structure cached)', refresh);
  const result = {
    farms: farms.length,
    dualFarms: farms.filter((f) => f.kind === 'dual').length,
    accounts: accounts.length,
    setupMs,
    results: [cold, warm],
    // One request when the refresh fits one batch, two (pinned to one block) when it does not.
    target: { warmHttpRequests: '1 within the batch size, else 2', isMet: warm.httpRequests <= 2 },
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `bench:snapshots farms=${result.farms} accounts=${result.accounts} batch_bytes=${batchBytes} cold_requests=${cold.httpRequests} warm_requests=${warm.httpRequests} warm_ms=${warm.wallMs}`,
  );
  await proxy.stop();
  if (warm.httpRequests > 2) process.exitCode = 1;
} finally {
  await anvil.stop();
}
