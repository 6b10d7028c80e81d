import { join } from 'node:path';
import { type Anvil, deployQuickswapWorld, type World, worldPriceOptions } from '@tidewatch/testkit';
import type { Address } from 'viem';
import { createChainClient } from '../src/core/chain/client.ts';
import { createDatabase, migrateToLatest } from '../src/core/db/index.ts';
import { runHistoryJob } from '../src/core/history/backfill.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/index.ts';
import { hashPassword } from '../src/features/accounts/passwords.ts';
import { runDueSnapshots } from '../src/jobs/snapshot-run.ts';
import { deployBenchFarms } from './deploy-farms.ts';
import { importBenchFarms, trackEveryFarm } from './seed-farms.ts';

export type SeededApi = {
  world: World;
  email: string;
  password: string;
};

const dayMs = 86_400_000;

/**
 * The bench's world, as a user who has used Tidewatch for a while sees it: `farmCount` farms staked by
 * every wallet for `days` days, one user with the wallets saved and each farm tracked with one of them, a live
 * snapshot, and the history job run to the end (events and daily points). The chain must start `days + 1`
 * days in the past (anvil --timestamp) so the history ends today.
 */
export async function seedApiBench(
  anvil: Anvil,
  dataDir: string,
  options: { farmCount: number; walletCount: number; days: number },
): Promise<SeededApi> {
  const world = await deployQuickswapWorld(anvil);
  const wallets = (await anvil.client.getAddresses()).slice(0, options.walletCount) as Address[];
  const farms = await deployBenchFarms(anvil, world, { farmCount: options.farmCount, accounts: wallets });
  for (let day = 0; day < options.days; day++) await anvil.increaseTime(dayMs / 1000);

  const email = 'bench@example.com';
  const password = 'a long bench password';
  const database = createDatabase({ sqlitePath: join(dataDir, 'tidewatch.sqlite') });
  try {
    const db = database.db;
    await migrateToLatest(db);
    const chain = createChainClient({
      rpcUrls: [anvil.rpcUrl],
      chainId: world.chainId,
      multicall3Address: world.multicall3,
    });
    const pipeline = createSnapshotPipeline({
      db,
      chain,
      prices: { onchain: createOnchainPriceSource({ chain, ...worldPriceOptions(world) }) },
      chainId: world.chainId,
    });
    await importBenchFarms(db, pipeline, { chainId: world.chainId, farms });
    const now = new Date();
    await trackEveryFarm(db, {
      email,
      passwordHash: await hashPassword(password),
      wallets,
      now,
      isSpread: true,
      savedOnChainId: world.chainId,
    });
    const intervalMs = 3_600_000;
    await runDueSnapshots({ db, pipeline, isPostgres: false, intervalMs, now: () => now });
    const history = {
      db,
      chain,
      pipeline,
      backfillDays: 90,
      logsBlockRange: 10_000,
      intervalMs,
      now: () => now,
    };
    let jobs = 0;
    while (await runHistoryJob(history)) jobs += 1;
    const backfills = await db.selectFrom('history_backfills').select(['status', 'error']).execute();
    const notDone = backfills.filter((b) => b.status !== 'done');
    if (notDone.length > 0) throw new Error(`history did not finish: ${JSON.stringify(notDone.slice(0, 3))}`);
    console.log(
      `seeded: ${farms.length} tracked farms over ${wallets.length} wallets, ${jobs} history job runs`,
    );
  } finally {
    await database.close();
  }
  return { world, email, password };
}
