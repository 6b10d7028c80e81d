/**
 * `npm run bench:vaults [-- --vaults 300]`: a local chain with QuickSwap's world, a vault of each manager at its
 * Polygon address (Gamma's at the first QuickSwap listed, Steer's, ICHI's and DefiEdge's; the wallet holds shares of
 * each and has staked part of Gamma's, Steer's and DefiEdge's), three syrup pools at published addresses with the
 * wallet's stake, dQUICK of both lairs; then `--vaults` vaults in all (the registry's 190, Steer's, and copies of
 * the Gamma hypervisor's code at more addresses up to that count, each a real Hypervisor with no shares of the
 * wallet). Times one wallet's answer of the vaults tool (readHoldings: every vault, every
 * syrup pool QuickSwap ever listed and both lairs), counting the JSON-RPC HTTP requests the proxy received.
 * Last line: `bench:vaults vaults=N requests=N ms=N found=N` (issue 45 bounds it at 2 requests).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  copyContract,
  deployDefiEdgeStrategy,
  deployGammaVault,
  deployIchiVault,
  deployQuickswapWorld,
  deploySteerVault,
  deployV3World,
  seedLairAndSyrupStakes,
  startAnvil,
  startRpcProxy,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { type Address, getAddress, keccak256, toHex } from 'viem';
import { createChainClient } from '../src/core/chain/client.ts';
import { createDatabase, migrateToLatest } from '../src/core/db/index.ts';
import { loadSyrupRegistry } from '../src/core/farm-index/syrup-registry.ts';
import { type ListedVault, loadListedVaults } from '../src/core/farm-index/vault-registry.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { readHoldings } from '../src/features/vaults/read-holdings.ts';

/** One of Steer's QuickSwap vaults on Polygon, where the bench places Steer's. */
const steerVaultAddress = '0x1EB20de00B0Ed23E3f9fDA7d23Fcbf473a23f180';

const { values } = parseArgs({ options: { vaults: { type: 'string', default: '300' } } });
const vaultCount = Number(values.vaults);

const anvil = await startAnvil();
const dataDir = mkdtempSync(join(tmpdir(), 'tidewatch-bench-vaults-'));
try {
  const world = await deployQuickswapWorld(anvil);
  const v3World = await deployV3World(anvil, world);
  const wallet = world.accounts.user.address;
  const setupStarted = performance.now();
  const registry = loadListedVaults();
  const listed = registry.find((v) => v.manager === 'gamma' && v.staking)!;
  await deployGammaVault(anvil, world, v3World, {
    at: listed.address,
    masterChefAt: listed.staking!.address,
    pid: listed.staking!.pid,
  });
  const steer = await deploySteerVault(anvil, world, v3World, { at: steerVaultAddress });
  await deployIchiVault(anvil, world, v3World);
  await deployDefiEdgeStrategy(anvil, world, v3World);
  const steerListed: ListedVault = {
    address: steer.vault,
    manager: 'steer',
    staking: { kind: 'staking-rewards', address: steer.staking!.address, pid: 0 },
  };
  const [s0, s1, s2] = loadSyrupRegistry();
  await seedLairAndSyrupStakes(anvil, world, {
    wallet,
    to: [s0!.address, s1!.address, s2!.address],
    endedSeconds: 86_400n,
    activeSeconds: 30n * 86_400n,
  });
  // More hypervisors than QuickSwap listed: the deployed one's code at addresses of their own (no shares here).
  const extra: ListedVault[] = [];
  for (let i = 0; extra.length + registry.length + 1 < vaultCount; i++) {
    const at = getAddress(keccak256(toHex(`bench vault ${i}`)).slice(0, 42)) as Address;
    await copyContract(anvil, listed.address, at);
    extra.push({ ...listed, address: at, staking: null });
  }
  const vaults = [...registry, steerListed, ...extra];
  console.log(`placed ${vaults.length} vaults in ${Math.round(performance.now() - setupStarted)} ms`);

  const database = createDatabase({ sqlitePath: join(dataDir, 'tidewatch.sqlite') });
  await migrateToLatest(database.db);
  const proxy = await startRpcProxy({ target: anvil.rpcUrl });
  const chain = createChainClient({
    rpcUrls: [proxy.url],
    chainId: world.chainId,
    multicall3Address: world.multicall3,
  });
  await chain.assertChainId();
  const syrups = loadSyrupRegistry().map((s) => s.address);
  const deps = {
    db: database.db,
    chainId: world.chainId,
    oldTokens: { quick: world.tokens.QUICK.address, dquick: world.tokens.DQUICK.address },
    chain,
    prices: { onchain: createOnchainPriceSource({ chain, ...worldPriceOptions(world) }) },
    lairs: [
      { lair: world.tokens.NEW_DQUICK.address, quick: world.tokens.NEW_QUICK.address },
      { lair: world.tokens.DQUICK.address, quick: world.tokens.QUICK.address },
    ],
    syrups,
    listedVaults: vaults,
  };

  proxy.reset();
  const started = performance.now();
  const { wallets } = await readHoldings(deps, [
    { wallet, lairs: deps.lairs.map((l) => l.lair), syrups, vaults },
  ]);
  const ms = Math.round(performance.now() - started);
  const read = wallets.get(wallet)!;
  const found = read.lairs.length + read.syrups.length + read.vaults.length;
  console.log(
    `found ${read.vaults.length} vaults, ${read.lairs.length} lairs, ${read.syrups.length} syrups of ${syrups.length} listed; ${read.unreadable.length} unreadable (no code on this chain)`,
  );
  await proxy.stop();
  await database.close();
  console.log(`bench:vaults vaults=${vaults.length} requests=${proxy.requestCount} ms=${ms} found=${found}`);
} finally {
  await anvil.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
