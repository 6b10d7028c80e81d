/**
 * `npm run bench:snapshots [-- --farms 100 --accounts 5]`: refreshes N farms x M accounts on a local
 * chain through the RPC-counting proxy and prints JSON-RPC HTTP requests and wall time as JSON.
 * Target: all reads for 100 farms x 5 accounts in at most 3 HTTP requests.
 */
import { parseArgs } from 'node:util';
import { deployQuickswapWorld, startAnvil, startRpcProxy, worldPriceOptions } from '@tidewatch/testkit';
import { createChainClient } from '../src/chain/client.ts';
import { readFarmSnapshots } from '../src/chain/farm-snapshots.ts';
import { createOnchainPriceSource } from '../src/prices/onchain-source.ts';
import { deployBenchFarms } from './deploy-farms.ts';

const { values } = parseArgs({
  options: { farms: { type: 'string', default: '100' }, accounts: { type: 'string', default: '5' } },
});
const farmCount = Number(values.farms);
const accountCount = Number(values.accounts);

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
  const refresh = () => readFarmSnapshots(chain, { farms, accounts });
  let blockNumber = 0n;
  const prices = createOnchainPriceSource({
    chain,
    ...worldPriceOptions(world),
  });
  const tokens = [world.tokens.WMATIC, world.tokens.USDC, world.tokens.DQUICK].map((t) => ({
    address: t.address,
  }));

  const results = [
    await measure('reads, cold (structure unknown)', refresh),
    await measure('reads, warm (structure cached)', async () => {
      blockNumber = (await refresh()).blockNumber;
    }),
    await measure('on-chain prices at the snapshot block, cold', () =>
      prices.getUsdPrices(tokens, { blockNumber }),
    ),
    await measure('on-chain prices at the snapshot block, warm', () =>
      prices.getUsdPrices(tokens, { blockNumber }),
    ),
  ];
  const worst = Math.max(...results.slice(0, 2).map((r) => r.httpRequests));
  console.log(
    JSON.stringify(
      {
        farms: farms.length,
        dualFarms: farms.filter((f) => f.kind === 'dual').length,
        accounts: accounts.length,
        setupMs,
        results,
        target: { maxHttpRequests: 3, isMet: worst <= 3 },
      },
      null,
      2,
    ),
  );
  await proxy.stop();
  if (worst > 3) process.exitCode = 1;
} finally {
  await anvil.stop();
}
