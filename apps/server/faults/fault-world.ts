import {
  type CmcServer,
  cmcListingsForWorld,
  deployV3World,
  type MerklServer,
  type RpcProxy,
  startBaseWorld,
  startCmcServer,
  startMerklServer,
  startRpcProxy,
  type V3World,
  v3WorldAppEnv,
  worldAppEnv,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { createOtherChains } from '../src/core/chain/other-chains.ts';
import { startTestChain, type TestChain } from '../src/core/chain/testing.ts';
import { createCoinMarketCapClient } from '../src/core/prices/coinmarketcap-source.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createSnapshotPipeline } from '../src/core/snapshots/index.ts';
import { createFarmUser, type FarmsWorld, importWorldFarms, trackWorldFarms } from '../test/farms-setup.ts';
import type { TestApp } from '../test/helpers.ts';
import { createTestApp } from '../test/helpers.ts';
import { refreshWorldIndex } from '../test/recovery-setup.ts';

/**
 * The fault suite's world: the local chain with QuickSwap's V2 and V3 worlds behind the fault-playing proxy,
 * Merkl's API served locally, and the app on a fresh database whose chain client gives up after 1 s (a hung
 * node costs a second, not ten). One user whose wallet tracks a V2 farm and a V3 position, with snapshots, and
 * the same wallet on a local Base (its own node and proxy).
 */
export type FaultWorld = {
  t: TestChain;
  v3World: V3World;
  merkl: MerklServer;
  /** CoinMarketCap's API, which prices WMATIC for every user (the operator chose it). */
  cmc: CmcServer;
  /** Base beside Polygon (issue 47), behind its own fault-playing proxy: the user tracks the wallet there too. */
  base: { proxy: RpcProxy };
  testApp: TestApp;
  user: { token: string; userId: number };
  wallet: `0x${string}`;
  close(): Promise<void>;
};

const many = { limit: 1_000_000, windowMs: 600_000 };
const unlimited = {
  farmRefreshesPerUser: many,
  v3PositionReadsPerIp: many,
  recoveryPlanReadsPerUser: many,
  recordedSendsPerUser: many,
};

export async function startFaultWorld(): Promise<FaultWorld> {
  const t = await startTestChain();
  const v3World = await deployV3World(t.anvil, t.world);
  const merkl = await startMerklServer({ rewards: v3World.merkl.rewards });
  const base = await startBaseWorld();
  const baseProxy = await startRpcProxy({ target: base.anvil.rpcUrl });
  const otherChains = createOtherChains(
    { baseRpcUrls: [baseProxy.url], multicallBatchBytes: 120_000 },
    { timeoutMs: 1_000, retryCount: 0 },
  );
  const cmc = await startCmcServer({ apiKey: 'fault-suite-key', listings: cmcListingsForWorld(t.world) });
  const chain = t.makeClient({ timeoutMs: 1_000, retryCount: 0 });
  const prices = {
    onchain: createOnchainPriceSource({ chain, ...worldPriceOptions(t.world) }),
    // No quote cache: every read asks the API, so each fault is met (the app's cache keeps quotes a minute).
    coinmarketcap: createCoinMarketCapClient({
      apiKey: cmc.apiKey,
      baseUrl: cmc.url,
      timeoutMs: 500,
      retryCount: 0,
      cache: { get: async () => undefined, set: async () => {} },
    }),
  };
  const testApp = await createTestApp({
    env: {
      ...worldAppEnv(t.world),
      ...v3WorldAppEnv(v3World, { merklApiUrl: merkl.url }),
      MERKL_API_TIMEOUT_MS: '300',
      CMC_API_KEY: cmc.apiKey,
      CMC_API_URL: cmc.url,
    },
    // The suite reads each screen once per fault: the per-user limits of a person's pace are not under test.
    deps: { chain, prices, throttles: unlimited, otherChains },
  });
  const writer = createSnapshotPipeline({ db: testApp.database.db, chain, prices, chainId: t.world.chainId });
  const farms: FarmsWorld = {
    t: { ...t, chain },
    testApp,
    writer,
    prices,
    close: async () => {},
  };
  const wallet = t.world.accounts.user.address;
  await importWorldFarms(farms, ['wmaticUsdc', 'quickWmaticEnded']);
  await refreshWorldIndex(farms);
  const user = await createFarmUser(farms, [wallet]);
  await trackWorldFarms(farms, user, ['wmaticUsdc']);
  const refreshed = await testApp.request({
    method: 'POST',
    url: '/api/quickswap/create-snapshots',
    token: user.token,
    payload: { address: t.world.farms.wmaticUsdc.address, account_address: wallet },
  });
  if (refreshed.statusCode !== 200) throw new Error(`refresh: ${refreshed.body}`);
  // The operator (the first account) prices WMATIC from CoinMarketCap for everyone (decision 033).
  const chosen = await testApp.request({
    method: 'PUT',
    url: `/api/quickswap/farm/details/${t.world.farms.wmaticUsdc.address}/price-choice`,
    token: user.token,
    payload: {
      token_address: t.world.tokens.WMATIC.address,
      price_source: 'coinmarketcap',
      coinmarketcap_id: cmcListingsForWorld(t.world).find((l) => l.symbol === 'WMATIC')!.id,
    },
  });
  if (chosen.statusCode !== 200) throw new Error(`price choice: ${chosen.body}`);
  const tracked = await testApp.request({
    method: 'POST',
    url: '/api/quickswap/v3/track',
    token: user.token,
    payload: { token_id: v3World.positions.inRange.tokenId.toString(), wallet_address: wallet },
  });
  if (tracked.statusCode !== 200) throw new Error(`track V3: ${tracked.body}`);
  const onBase = await testApp.request({
    method: 'POST',
    url: '/api/quickswap/chains/8453/tracked',
    token: user.token,
    payload: { wallet_address: wallet },
  });
  if (onBase.statusCode !== 201) throw new Error(`track on Base: ${onBase.body}`);
  return {
    t,
    v3World,
    merkl,
    cmc,
    base: { proxy: baseProxy },
    testApp,
    user,
    wallet,
    async close() {
      await testApp.close();
      await merkl.stop();
      await cmc.stop();
      await baseProxy.stop();
      await base.stop();
      await t.stop();
    },
  };
}
