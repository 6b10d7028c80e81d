/**
 * `npm run bench:discover [-- --factories 111 --batch-bytes 120000]`: deploys N LP factory generations
 * over the world's nine pairs (1,008 farms with the world's own), builds the farm index, then times 'find my farms'
 * for a wallet staked in some of them, counting JSON-RPC HTTP requests through the proxy.
 * Last line: `bench:discover farms=N find_requests=N find_ms=N index_requests=N index_ms=N found=N`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  deployFarmGenerations,
  deployQuickswapWorld,
  startAnvil,
  startRpcProxy,
  worldPriceOptions,
} from '@tidewatch/testkit';
import type { Address } from 'viem';
import { createChainClient } from '../src/chain/client.ts';
import { createDatabase, migrateToLatest } from '../src/db/index.ts';
import { findWalletFarms } from '../src/discovery/find-my-farms.ts';
import { refreshFarmIndex } from '../src/discovery/index-refresh.ts';
import { createOnchainPriceSource } from '../src/prices/onchain-source.ts';
import { createSnapshotPipeline } from '../src/snapshots/index.ts';

const { values } = parseArgs({
  options: {
    factories: { type: 'string', default: '111' },
    'batch-bytes': { type: 'string', default: '120000' },
  },
});

const anvil = await startAnvil();
try {
  const world = await deployQuickswapWorld(anvil);
  const setupStarted = performance.now();
  const farms = await deployFarmGenerations(anvil, world, {
    lpFactories: Number(values.factories),
    dualFactories: 0,
  });
  console.log(`deployed ${farms.length} farms in ${Math.round(performance.now() - setupStarted)} ms`);

  const proxy = await startRpcProxy({ target: anvil.rpcUrl });
  const chain = createChainClient({
    rpcUrls: [proxy.url],
    chainId: world.chainId,
    multicall3Address: world.multicall3,
    maxCalldataBytes: Number(values['batch-bytes']),
  });
  await chain.assertChainId();
  const database = createDatabase({
    sqlitePath: join(mkdtempSync(join(tmpdir(), 'tidewatch-bench-discover-')), 'tidewatch.sqlite'),
  });
  await migrateToLatest(database.db);
  const pipeline = createSnapshotPipeline({
    db: database.db,
    chain,
    prices: { onchain: createOnchainPriceSource({ chain, ...worldPriceOptions(world) }) },
    chainId: world.chainId,
  });
  const factories = {
    lp: [world.lpFarmFactory, ...new Set(farms.map((f) => f.factory))],
    dual: [world.dualFarmFactory],
  };

  proxy.reset();
  const indexStarted = performance.now();
  const report = await refreshFarmIndex({
    db: database.db,
    pipeline,
    chain,
    chainId: world.chainId,
    factories,
  });
  const indexMs = Math.round(performance.now() - indexStarted);
  const indexRequests = proxy.requestCount;
  console.log(
    `index: ${report.farms} farms (${report.skipped} skipped) in ${indexMs} ms, ${indexRequests} requests`,
  );

  const rows = await database.db.selectFrom('farm_index').selectAll().execute();
  const wallet = world.accounts.user.address as Address;
  proxy.reset();
  const findStarted = performance.now();
  const { found } = await findWalletFarms(chain, rows, wallet);
  const findMs = Math.round(performance.now() - findStarted);
  const findRequests = proxy.requestCount;
  await database.close();
  await proxy.stop();
  console.log(
    `bench:discover farms=${rows.length} find_requests=${findRequests} find_ms=${findMs} index_requests=${indexRequests} index_ms=${indexMs} found=${found.length}`,
  );
} finally {
  await anvil.stop();
}
