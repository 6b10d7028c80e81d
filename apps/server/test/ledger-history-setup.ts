import { pair as pairArtifact, stakingRewards, testErc20 } from '@tidewatch/contracts';
import { TxSender, testAccounts, worldAppEnv, worldPriceOptions } from '@tidewatch/testkit';
import { sql } from 'kysely';
import type { Hex } from 'viem';
import { startTestChain, type TestChain } from '../src/core/chain/testing.ts';
import { runHistoryJob } from '../src/core/history/backfill.ts';
import { createOnchainPriceSource, type OnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createSnapshotPipeline, type SnapshotPipeline } from '../src/core/snapshots/pipeline.ts';
import { importWorldFarm } from './farms-setup.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

/**
 * The books' history tests (finality, reorganisations, gas): a local chain with the QuickSwap world, the app
 * on a fresh database, the WBTC-USDC farm imported and tracked by one wallet that holds LP to stake, and the
 * history job driven as the worker drives it (the app's FINALITY settings, POL priced for the gas stage).
 */
export type LedgerHistoryWorld = {
  t: TestChain;
  app: TestApp;
  pipeline: SnapshotPipeline;
  prices: { onchain: OnchainPriceSource };
  farmId: number;
  /**
   * One run of the history job at a clock two hours after the previous run's (so a finished pair is due
   * again); `finality` replaces the app's rule.
   */
  runJob(options?: {
    finality?: { finality: 'finalized' | 'depth'; depth: number };
    now?: Date;
  }): Promise<void>;
  /** The clock the last run used. */
  clock: { now: Date };
  close(): Promise<void>;
};

export const wallet = testAccounts.idle.address;
const farmOf = (t: TestChain) => t.world.farms.wbtcUsdc;
const twoHoursMs = 7_200_000;

export async function startLedgerHistoryWorld(options: {
  anvilArgs?: string[];
  env?: Record<string, string>;
}): Promise<LedgerHistoryWorld> {
  const t = await startTestChain({ anvilArgs: options.anvilArgs ?? [] });
  const prices = { onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(t.world) }) };
  const app = await createTestApp({
    env: { ...worldAppEnv(t.world), ...options.env },
    deps: { chain: t.chain, prices },
  });
  const db = app.database.db;
  const pipeline = createSnapshotPipeline({ db, chain: t.chain, prices, chainId: t.world.chainId });
  const farm = farmOf(t);
  await importWorldFarm({ t, testApp: app, writer: pipeline, prices, close: async () => {} }, farm);
  const { email } = await createConfirmedUser(app);
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const farmRow = await db
    .selectFrom('farms')
    .select('id')
    .where(sql`lower(address)`, '=', farm.address.toLowerCase())
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tracked_farms')
    .values({
      user_id: user.id,
      farm_id: farmRow.id,
      wallet_address: wallet,
      created_at: new Date().toISOString(),
    })
    .execute();
  await mintLp(t);

  const clock = { now: new Date() };
  return {
    t,
    app,
    pipeline,
    prices,
    farmId: farmRow.id,
    clock,
    async runJob(run = {}) {
      clock.now = run.now ?? new Date(clock.now.getTime() + twoHoursMs);
      const now = clock.now;
      await runHistoryJob({
        ...app.config.history,
        ...(run.finality ? { finality: run.finality } : {}),
        db,
        chain: t.chain,
        pipeline,
        gas: { chainId: t.world.chainId, prices, wmatic: app.config.wmaticAddress },
        intervalMs: 3_600_000,
        now: () => now,
      });
    },
    async close() {
      await app.close();
      await t.stop();
    },
  };
}

/** The wallet adds WBTC-USDC liquidity once and lets the farm take all of it. */
async function mintLp(t: TestChain): Promise<void> {
  const farm = farmOf(t);
  const pair = t.world.pairs['WBTC-USDC'].address;
  const tx = new TxSender(t.anvil);
  await tx.call(wallet, t.world.tokens.WBTC.address, testErc20.abi, 'mint', [pair, 100_000_000n]);
  await tx.call(wallet, t.world.tokens.USDC.address, testErc20.abi, 'mint', [pair, 30_000n * 10n ** 6n]);
  await tx.call(wallet, pair, pairArtifact.abi, 'mint', [wallet]);
  await tx.call(wallet, pair, pairArtifact.abi, 'approve', [farm.address, 2n ** 255n]);
  await tx.assertAllSucceeded();
}

/**
 * The wallet calls the farm (stake, withdraw, getReward, exit) in a block of its own whose base fee is
 * `baseFee` wei, tipping `priorityFee` wei per gas; answers the transaction's hash and block.
 */
export async function farmCall(
  t: TestChain,
  call: { functionName: 'stake' | 'withdraw' | 'getReward' | 'exit'; args?: readonly bigint[] },
  fees: { baseFee?: bigint; priorityFee?: bigint } = {},
): Promise<{ hash: Hex; block: bigint }> {
  const baseFee = fees.baseFee ?? 1_000_000_000n;
  const priorityFee = fees.priorityFee ?? 1_000_000_000n;
  await t.anvil.client.request({
    method: 'anvil_setNextBlockBaseFeePerGas',
    params: [`0x${baseFee.toString(16)}`],
  } as never);
  const hash = await t.anvil.client.writeContract({
    account: wallet,
    chain: t.anvil.client.chain,
    address: farmOf(t).address,
    abi: stakingRewards.abi,
    functionName: call.functionName,
    args: (call.args ?? []) as never,
    gas: 400_000n,
    maxFeePerGas: baseFee * 2n + priorityFee,
    maxPriorityFeePerGas: priorityFee,
  } as never);
  const receipt = await t.anvil.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${call.functionName} reverted`);
  return { hash, block: receipt.blockNumber };
}

/** The hashes of the pair's stored events, in chain order. */
export async function storedEventHashes(w: LedgerHistoryWorld): Promise<string[]> {
  const rows = await w.app.database.db
    .selectFrom('position_events')
    .select('tx_hash')
    .where('farm_id', '=', w.farmId)
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
  return rows.map((row) => row.tx_hash);
}
