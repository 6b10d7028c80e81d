/**
 * `npm run bench:discover [-- --lp-factories 120 --dual-factories 13 --registry-only 20 --batch-bytes 120000]`:
 * deploys factory generations over the world's nine pairs (QuickSwap's Solidity 0.5.16 bytecode, where a read
 * past an array's end burns all its gas), copies `--registry-only` of their farms to addresses of QuickSwap's
 * published lists (farms only the registry knows), builds the farm index from the factories and the whole
 * built-in registry (most of its addresses hold no code on the local chain and are refused), then times
 * 'find my farms' (find, then value what was found) for a wallet staked in some of them, counting JSON-RPC
 * HTTP requests through the proxy.
 * Last line: `bench:discover farms=N find_requests=N find_ms=N index_requests=N index_ms=N found=N`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  deployFarmGenerations,
  deployQuickswapWorld,
  placeFarmsAt,
  startAnvil,
  startRpcProxy,
  worldPriceOptions,
} from '@tidewatch/testkit';
import type { Address } from 'viem';
import { createChainClient } from '../src/core/chain/client.ts';
import { createDatabase, migrateToLatest } from '../src/core/db/index.ts';
import { describeRejections, refreshFarmIndex } from '../src/core/farm-index/index-refresh.ts';
import { loadFarmRegistry } from '../src/core/farm-index/registry.ts';
import { findAndValueWalletFarms } from '../src/core/farm-index/wallet-farms.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/index.ts';

const { values } = parseArgs({
  options: {
    'lp-factories': { type: 'string', default: '120' },
    'dual-factories': { type: 'string', default: '13' },
    'registry-only': { type: 'string', default: '20' },
    'batch-bytes': { type: 'string', default: '120000' },
  },
});

const anvil = await startAnvil();
try {
  const world = await deployQuickswapWorld(anvil);
  const setupStarted = performance.now();
  const farms = await deployFarmGenerations(anvil, world, {
    lpFactories: Number(values['lp-factories']),
    dualFactories: Number(values['dual-factories']),
  });
  const registry = loadFarmRegistry();
  const lpTargets = registry.filter((f) => f.kind === 'lp');
  const registryOnly = await placeFarmsAt(
    anvil,
    world,
    farms
      .filter((f) => f.kind === 'lp')
      .slice(0, Number(values['registry-only']))
      .map((farm, i) => ({ farm, to: lpTargets[i]!.address })),
  );
  console.log(
    `deployed ${farms.length} farms in ${farms.length / 9} factory generations, ${registryOnly.length} placed at registry addresses, in ${Math.round(performance.now() - setupStarted)} ms`,
  );

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
    lp: [world.lpFarmFactory, ...new Set(farms.filter((f) => f.kind === 'lp').map((f) => f.factory))],
    dual: [world.dualFarmFactory, ...new Set(farms.filter((f) => f.kind === 'dual').map((f) => f.factory))],
  };

  proxy.reset();
  const indexStarted = performance.now();
  const report = await refreshFarmIndex({
    db: database.db,
    pipeline,
    chain,
    chainId: world.chainId,
    factories,
    registry,
    pairFactory: world.factory,
  });
  const indexMs = Math.round(performance.now() - indexStarted);
  const indexRequests = proxy.requestCount;
  console.log(
    `index: ${report.farms} farms listed, ${report.rejected.length} registry candidates refused (${describeRejections(report.rejected)}), in ${indexMs} ms, ${indexRequests} requests`,
  );

  const rows = await database.db.selectFrom('farm_index').selectAll().execute();
  const wallet = world.accounts.user.address as Address;
  proxy.reset();
  const findStarted = performance.now();
  const { found } = await findAndValueWalletFarms(chain, pipeline, rows, wallet);
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
