import { pair as pairArtifact, testErc20 } from '@tidewatch/contracts';
import type { FarmKey, WorldFarm } from '@tidewatch/testkit';
import { TxSender, worldAppEnv, worldPriceOptions } from '@tidewatch/testkit';
import { sql } from 'kysely';
import type { Address } from 'viem';
import { startTestChain, type TestChain } from '../src/core/chain/testing.ts';
import { upsertImportedFarm } from '../src/core/farms/repository.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createSnapshotPipeline, type SnapshotPipeline } from '../src/core/snapshots/pipeline.ts';
import type { ThrottleLimits } from '../src/core/throttle/limits.ts';
import type { PasswordHasher } from '../src/features/accounts/passwords.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';

/** Farm tests' world: a local chain with the QuickSwap world, and the app on a fresh database wired to it. */
export type FarmsWorld = {
  t: TestChain;
  testApp: TestApp;
  writer: SnapshotPipeline;
  prices: { onchain: ReturnType<typeof createOnchainPriceSource> };
  close(): Promise<void>;
};

export type FarmsWorldOptions = {
  throttles?: Partial<ThrottleLimits>;
  passwords?: PasswordHasher;
  receiptWaitMs?: number;
};

export async function startFarmsWorld(options: FarmsWorldOptions = {}): Promise<FarmsWorld> {
  const t = await startTestChain();
  const onchain = createOnchainPriceSource({
    chain: t.chain,
    ...worldPriceOptions(t.world),
  });
  const prices = { onchain };
  const testApp = await createTestApp({
    env: worldAppEnv(t.world),
    deps: {
      chain: t.chain,
      prices,
      ...(options.throttles ? { throttles: options.throttles } : {}),
      ...(options.passwords ? { passwords: options.passwords } : {}),
      ...(options.receiptWaitMs === undefined ? {} : { receiptWaitMs: options.receiptWaitMs }),
    },
  });
  const writer = createSnapshotPipeline({
    db: testApp.database.db,
    chain: t.chain,
    prices,
    chainId: t.world.chainId,
  });
  return {
    t,
    testApp,
    writer,
    prices,
    async close() {
      await testApp.close();
      await t.stop();
    },
  };
}

/**
 * Imports a world farm as the wizard does: one read, then farm + pool + tokens + all snapshots in ONE
 * transaction. No accounts: the pool and farm snapshots only.
 */
export async function importWorldFarm(w: FarmsWorld, farm: WorldFarm): Promise<void> {
  const collected = await w.writer.collectSnapshots({ farms: [farm], accounts: [] });
  const read = collected.read.farms[0]!;
  const asInput = (token: { address: Address; symbol: string; name: string | null; decimals: number }) => ({
    address: token.address,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
  });
  await w.testApp.database.db.transaction().execute(async (trx) => {
    await upsertImportedFarm(trx, {
      chainId: w.t.world.chainId,
      farm: { address: farm.address, kind: farm.kind, url: farm.url, createdBy: null },
      pool: {
        address: read.pair.address,
        token0: asInput(read.pair.token0),
        token1: asInput(read.pair.token1),
      },
      rewardTokens: read.rewards.map((r) => asInput(r.token)),
    });
    await w.writer.writeSnapshots(trx, collected);
  });
}

export async function importWorldFarms(w: FarmsWorld, keys: FarmKey[]): Promise<void> {
  for (const key of keys) await importWorldFarm(w, w.t.world.farms[key]);
}

/**
 * `wallet` adds WMATIC-USDC liquidity (20,000 WMATIC and 10,000 USDC, minted to the pair as Uniswap V2's
 * mint(to) expects) and gets the LP tokens; answers how many.
 */
export async function addWmaticUsdcLiquidity(w: FarmsWorld, wallet: Address): Promise<bigint> {
  const pair = w.t.world.pairs['WMATIC-USDC'].address;
  const tx = new TxSender(w.t.anvil);
  await tx.call(wallet, w.t.world.tokens.WMATIC.address, testErc20.abi, 'mint', [pair, 20_000n * 10n ** 18n]);
  await tx.call(wallet, w.t.world.tokens.USDC.address, testErc20.abi, 'mint', [pair, 10_000n * 10n ** 6n]);
  await tx.call(wallet, pair, pairArtifact.abi, 'mint', [wallet]);
  await tx.assertAllSucceeded();
  return w.t.anvil.client.readContract({
    address: pair,
    abi: pairArtifact.abi,
    functionName: 'balanceOf',
    args: [wallet],
  });
}

/** A confirmed, logged-in user; `wallets` are saved as verified wallets (as the wallets feature would). */
export async function createFarmUser(
  w: FarmsWorld,
  wallets: Address[] = [],
  email?: string,
): Promise<{ token: string; userId: number }> {
  const { email: userEmail, token } = await createConfirmedUser(w.testApp, email);
  const db = w.testApp.database.db;
  const user = await sql<{ id: number }>`select id from users where email = ${userEmail}`.execute(db);
  const userId = user.rows[0]!.id;
  const at = new Date().toISOString();
  for (const address of wallets) {
    await sql`insert into wallets (user_id, name, address, chain_id, verified_at, created_at)
      values (${userId}, 'MetaMask', ${address}, ${w.t.world.chainId}, ${at}, ${at})`.execute(db);
  }
  return { token, userId };
}

/** Tracks each of `keys` with the world's user account through the spec's track endpoints. */
export async function trackWorldFarms(
  w: FarmsWorld,
  user: { token: string },
  keys: readonly FarmKey[],
): Promise<void> {
  for (const key of keys) {
    const farm = w.t.world.farms[key];
    const url =
      farm.kind === 'lp' ? '/api/quickswap/track-farmable-pool' : '/api/quickswap/dual-mining/tracked-farm';
    const response = await w.testApp.request({
      method: 'POST',
      url,
      token: user.token,
      payload: { farm_address: farm.address, wallet_address: w.t.world.accounts.user.address },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
}

/**
 * startFarmsWorld with the `keys` farms imported and a user whose one wallet is the world's user account:
 * the starting point of the farm endpoint tests.
 */
export async function startFarmsWorldWithUser(
  keys: FarmKey[],
  options: Omit<FarmsWorldOptions, 'passwords'> = {},
): Promise<{ w: FarmsWorld; user: { token: string; userId: number } }> {
  const w = await startFarmsWorld(options);
  try {
    await importWorldFarms(w, keys);
    const user = await createFarmUser(w, [w.t.world.accounts.user.address]);
    return { w, user };
  } catch (error) {
    await w.close();
    throw error;
  }
}

const snapshotTables = ['token_snapshots', 'pool_snapshots', 'farm_snapshots', 'position_snapshots'] as const;

export async function countSnapshots(
  w: FarmsWorld,
): Promise<Record<(typeof snapshotTables)[number], number>> {
  const db = w.testApp.database.db;
  const counts = { token_snapshots: 0, pool_snapshots: 0, farm_snapshots: 0, position_snapshots: 0 };
  for (const table of snapshotTables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
