/**
 * `npm run bench:worker [-- --farms 1000 --accounts 10 --farms-per-batch 50 --batch-bytes 600000]`: tracks
 * N farms x M accounts on the local chain (SQLite), then times one scheduled run of the snapshot pipeline
 * in this one process, counting JSON-RPC HTTP requests through the proxy and the database growth.
 * Last line: `bench:worker positions_per_min=N rpc_requests_per_run=N bytes_per_position_snapshot=N`.
 * Target (issue 12): at least 50,000 positions a minute on one core; requests per run = batches.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { deployQuickswapWorld, startAnvil, startRpcProxy, worldPriceOptions } from '@tidewatch/testkit';
import { sql } from 'kysely';
import type { Address } from 'viem';
import { createChainClient } from '../src/core/chain/client.ts';
import { createDatabase, migrateToLatest } from '../src/core/db/index.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/index.ts';
import { runDueSnapshots } from '../src/jobs/snapshot-run.ts';
import { deployBenchFarms } from './deploy-farms.ts';
import { importBenchFarms, trackEveryFarm } from './seed-farms.ts';

const { values } = parseArgs({
  options: {
    farms: { type: 'string', default: '1000' },
    accounts: { type: 'string', default: '10' },
    'farms-per-batch': { type: 'string', default: '50' },
    'batch-bytes': { type: 'string', default: '600000' },
  },
});
const farmCount = Number(values.farms);
const accountCount = Number(values.accounts);
const farmsPerBatch = Number(values['farms-per-batch']);
const intervalMs = 3_600_000;

const anvil = await startAnvil();
try {
  const world = await deployQuickswapWorld(anvil);
  const accounts = (await anvil.client.getAddresses()).slice(0, accountCount) as Address[];
  const setupStarted = performance.now();
  const farms = await deployBenchFarms(anvil, world, { farmCount, accounts });
  console.log(`deployed ${farms.length} farms in ${Math.round(performance.now() - setupStarted)} ms`);

  const proxy = await startRpcProxy({ target: anvil.rpcUrl });
  const chain = createChainClient({
    rpcUrls: [proxy.url],
    chainId: world.chainId,
    multicall3Address: world.multicall3,
    maxCalldataBytes: Number(values['batch-bytes']),
  });
  await chain.assertChainId();
  const dataDir = mkdtempSync(join(tmpdir(), 'tidewatch-bench-worker-'));
  const file = join(dataDir, 'tidewatch.sqlite');
  const database = createDatabase({ sqlitePath: file });
  await migrateToLatest(database.db);
  const db = database.db;
  const pipeline = createSnapshotPipeline({
    db,
    chain,
    prices: { onchain: createOnchainPriceSource({ chain, ...worldPriceOptions(world) }) },
    chainId: world.chainId,
  });

  // Import every farm (no snapshots), then one user tracking each farm with every account.
  const now = new Date();
  await importBenchFarms(db, pipeline, { chainId: world.chainId, farms, farmsPerBatch });
  await trackEveryFarm(db, { email: 'bench@example.com', passwordHash: 'x', wallets: accounts, now });

  const deps = { db, pipeline, isPostgres: false, intervalMs, farmsPerBatch };
  const size = async () => {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    return statSync(file).size;
  };
  // Run 1 takes every pair (all due at once); run 2, an interval later, is the steady state measured.
  await runDueSnapshots({ ...deps, now: () => now });
  const bytesBefore = await size();
  proxy.reset();
  const started = performance.now();
  const report = await runDueSnapshots({ ...deps, now: () => new Date(now.getTime() + intervalMs + 1_000) });
  const seconds = (performance.now() - started) / 1000;
  const bytesPerPosition = Math.round(((await size()) - bytesBefore) / Math.max(1, report.stored));
  const result = {
    farms: farms.length,
    accounts: accounts.length,
    pairs: report.claimed,
    stored: report.stored,
    failed: report.failed,
    batches: report.batches,
    seconds: Number(seconds.toFixed(2)),
    rpcRequests: proxy.requestCount,
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `bench:worker positions_per_min=${Math.round((report.stored / seconds) * 60)} rpc_requests_per_run=${proxy.requestCount} bytes_per_position_snapshot=${bytesPerPosition}`,
  );
  await database.close();
  await proxy.stop();
} finally {
  await anvil.stop();
}
