import {
  dragonLair,
  gammaHypervisor,
  gammaMasterChef,
  gammaRewarder,
  stakingRewards,
} from '@tidewatch/contracts';
import { vaultsWalletPositionsSchema } from '@tidewatch/shared';
import {
  deployGammaVault,
  deployV3World,
  type GammaVault,
  seedLairAndSyrupStakes,
  worldAppEnv,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { sql } from 'kysely';
import { type Abi, type Address, formatUnits, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose, startTestChain, type TestChain } from '../src/core/chain/testing.ts';
import { loadSyrupRegistry } from '../src/core/farm-index/syrup-registry.ts';
import { loadListedVaults } from '../src/core/farm-index/vault-registry.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createVaultsDeps } from '../src/features/vaults/index.ts';
import { readHoldings } from '../src/features/vaults/read-holdings.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';
import { priceAt } from './v3-setup.ts';

// The vaults tool's Dragon's Lair and syrup part (issue 45) on QuickSwap's own lair and StakingRewards code: a
// wallet with new and old dQUICK, stake in two ended syrup pools and one active one, each placed at an address
// QuickSwap published. Found in one request among every syrup pool QuickSwap ever listed, valued in a second;
// every figure against the test's own chain reads at the answer's block.
let t: TestChain;
let testApp: TestApp;
let token: string;
let user: Address;
let pools: Address[];
let gamma: GammaVault;
const stakes = [parseUnits('10', 18), parseUnits('20', 18), parseUnits('5', 18)];

beforeAll(async () => {
  t = await startTestChain();
  const { world } = t;
  user = world.accounts.user.address;
  const registry = loadSyrupRegistry();
  const day = 86_400n;
  // Two pools that pay for a day (ended once the clock moves two days on), one for thirty.
  pools = await seedLairAndSyrupStakes(t.anvil, world, {
    wallet: user,
    to: [registry[0]!.address, registry[1]!.address, registry[2]!.address],
    endedSeconds: day,
    activeSeconds: 30n * day,
  });
  // A Gamma hypervisor at the first address QuickSwap listed, with its MasterChef at the listed one: the user holds
  // shares and has staked part of them.
  const listed = loadListedVaults().find((v) => v.manager === 'gamma' && v.staking)!;
  gamma = await deployGammaVault(t.anvil, world, await deployV3World(t.anvil, world), {
    at: listed.address,
    masterChefAt: listed.staking!.address,
    pid: listed.staking!.pid,
  });
  await t.anvil.increaseTime(2 * 86_400);

  const prices = { onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(world) }) };
  testApp = await createTestApp({ env: worldAppEnv(world), deps: { chain: t.chain, prices } });
  const created = await createConfirmedUser(testApp);
  token = created.token;
  const db = testApp.database.db;
  const found = await sql<{ id: number }>`select id from users where email = ${created.email}`.execute(db);
  const at = new Date().toISOString();
  for (const address of [user, world.accounts.idle.address]) {
    await sql`insert into wallets (user_id, name, address, chain_id, verified_at, created_at)
      values (${found.rows[0]!.id}, 'MetaMask', ${address}, ${world.chainId}, ${at}, ${at})`.execute(db);
  }
}, 180_000);
afterAll(async () => {
  await testApp?.close();
  await t?.stop();
});

const holdings = (wallet: string) =>
  testApp.request({ method: 'GET', url: `/api/quickswap/vaults/positions?wallet_address=${wallet}`, token });

const readAt = (
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: unknown[],
  block: bigint,
) =>
  t.anvil.client.readContract({
    address,
    abi: abi as Abi,
    functionName,
    args,
    blockNumber: block,
  }) as Promise<bigint>;

describe('GET /api/quickswap/vaults/positions', () => {
  it("finds the wallet's dQUICK in both lairs and its three syrup stakes, in two requests, as the chain reads them", async () => {
    t.proxy.reset();
    const response = await holdings(user);
    expect(response.statusCode, response.body).toBe(200);
    const answer = vaultsWalletPositionsSchema.parse(response.json());
    expect(t.proxy.calls.filter((c) => c === 'eth_call')).toHaveLength(2);
    const block = BigInt(answer.block_number);
    const { tokens } = t.world;

    // Every syrup and Gamma vault QuickSwap listed was read; only those placed here have code on this chain.
    expect(answer.syrups_listed).toBe(loadSyrupRegistry().length);
    expect(answer.vaults_listed).toBe(loadListedVaults().length);
    expect(answer.unreadable).toHaveLength(loadSyrupRegistry().length - 3 + loadListedVaults().length - 1);

    // The Gamma shares: the user's part of the vault's own getTotalAmounts, by its shares held and staked.
    const [vault] = answer.vaults;
    expect(vault!.vault).toBe(gamma.hypervisor);
    const hv = (functionName: string, args: unknown[] = []) =>
      readAt(gamma.hypervisor, gammaHypervisor.abi, functionName, args, block);
    const held = await hv('balanceOf', [user]);
    const chef = gamma.masterChef!;
    const [stakedShares] = (await t.anvil.client.readContract({
      address: chef.address,
      abi: gammaMasterChef.abi as Abi,
      functionName: 'userInfo',
      args: [chef.pid, user],
      blockNumber: block,
    })) as readonly [bigint, bigint];
    expect(held).toBe(gamma.userHeldShares);
    expect(held + stakedShares).toBe(gamma.userShares);
    const supply = await hv('totalSupply');
    const [total0, total1] = (await t.anvil.client.readContract({
      address: gamma.hypervisor,
      abi: gammaHypervisor.abi as Abi,
      functionName: 'getTotalAmounts',
      blockNumber: block,
    })) as readonly [bigint, bigint];
    const mine0 = (total0 * (held + stakedShares)) / supply;
    const mine1 = (total1 * (held + stakedShares)) / supply;
    expect(vault!.shares).toEqual({
      held: formatUnits(held, 18),
      staked: formatUnits(stakedShares, 18),
      total_supply: formatUnits(supply, 18),
    });
    expect(vault!.amounts.map((a) => a.token.address)).toEqual([gamma.token0, gamma.token1]);
    const decimals = vault!.amounts.map((a) => a.token.decimals);
    expect(vault!.amounts.map((a) => a.amount)).toEqual([
      formatUnits(mine0, decimals[0]!),
      formatUnits(mine1, decimals[1]!),
    ]);
    const tick = Number(await hv('currentTick'));
    const [baseLower, baseUpper] = [Number(await hv('baseLower')), Number(await hv('baseUpper'))];
    expect(vault!.base_range.is_in_range).toBe(baseLower <= tick && tick < baseUpper);
    const pending = await readAt(chef.address, gammaMasterChef.abi, 'pendingSushi', [chef.pid, user], block);
    expect(pending).toBeGreaterThan(0n);
    // The MasterChef's own reward, then its rewarder's.
    const rewarderPending = await readAt(
      chef.rewarder,
      gammaRewarder.abi,
      'pendingToken',
      [chef.pid, user],
      block,
    );
    expect(rewarderPending).toBeGreaterThan(0n);
    expect(vault!.rewards.map((r) => r.token.address)).toEqual([
      t.world.tokens[chef.rewardToken].address,
      t.world.tokens[chef.rewarderToken].address,
    ]);
    expect(vault!.rewards.map((r) => r.amount)).toEqual([
      formatUnits(pending, vault!.rewards[0]!.token.decimals),
      formatUnits(rewarderPending, vault!.rewards[1]!.token.decimals),
    ]);
    const amountsUsd =
      Number(formatUnits(mine0, decimals[0]!)) * (await priceAt({ t }, gamma.token0, block))! +
      Number(formatUnits(mine1, decimals[1]!)) * (await priceAt({ t }, gamma.token1, block))!;
    expect(isRelativelyClose(vault!.amounts[0]!.usd! + vault!.amounts[1]!.usd!, amountsUsd, 1e-6)).toBe(true);

    const lairOf = (lair: Address) => answer.lairs.find((l) => l.lair === lair)!;
    expect(answer.lairs.map((l) => l.lair).sort()).toEqual(
      [tokens.DQUICK.address, tokens.NEW_DQUICK.address].sort(),
    );
    for (const [lair, quick] of [
      [tokens.DQUICK.address, tokens.QUICK.address],
      [tokens.NEW_DQUICK.address, tokens.NEW_QUICK.address],
    ] as const) {
      const held = await readAt(lair, dragonLair.abi, 'balanceOf', [user], block);
      const paid = await readAt(lair, dragonLair.abi, 'QUICKBalance', [user], block);
      const stake = lairOf(lair);
      expect(stake.dquick.amount).toBe(formatUnits(held, 18));
      expect(stake.quick.amount).toBe(formatUnits(paid, 18));
      expect(stake.quick.token.address).toBe(quick);
      const price = (await priceAt({ t }, quick, block))!;
      expect(isRelativelyClose(stake.usd, Number(formatUnits(paid, 18)) * price, 1e-6), `${stake.usd}`).toBe(
        true,
      );
    }
    // Old dQUICK and old QUICK are named as every screen names them.
    expect(lairOf(tokens.DQUICK.address).dquick.token.symbol).toBe('dQUICK (old)');
    expect(lairOf(tokens.DQUICK.address).quick.token.symbol).toBe('QUICK (old)');

    expect(answer.syrups.map((s) => s.pool).sort()).toEqual([...pools].sort());
    const now = (await t.anvil.client.getBlock({ blockNumber: block })).timestamp;
    const stakingTokens = [tokens.DQUICK, tokens.NEW_DQUICK, tokens.DQUICK];
    const rewardTokens = [tokens.WMATIC, tokens.WMATIC, tokens.USDC];
    let total = 0;
    for (const [i, pool] of pools.entries()) {
      const syrup = answer.syrups.find((s) => s.pool === pool)!;
      const staked = await readAt(pool, stakingRewards.abi, 'balanceOf', [user], block);
      const earned = await readAt(pool, stakingRewards.abi, 'earned', [user], block);
      const finish = await readAt(pool, stakingRewards.abi, 'periodFinish', [], block);
      expect(staked).toBe(stakes[i]);
      expect(earned).toBeGreaterThan(0n);
      expect(syrup.staked.amount).toBe(formatUnits(staked, 18));
      expect(syrup.staked.token.address).toBe(stakingTokens[i]!.address);
      expect(syrup.earned.amount).toBe(formatUnits(earned, rewardTokens[i]!.decimals));
      expect(syrup.earned.token.address).toBe(rewardTokens[i]!.address);
      expect(syrup.ends_at).toBe(new Date(Number(finish) * 1000).toISOString());
      expect(syrup.is_ended).toBe(finish <= now);
      const stakedUsd =
        Number(formatUnits(staked, 18)) * (await priceAt({ t }, stakingTokens[i]!.address, block))!;
      const earnedUsd =
        Number(formatUnits(earned, rewardTokens[i]!.decimals)) *
        (await priceAt({ t }, rewardTokens[i]!.address, block))!;
      expect(isRelativelyClose(syrup.usd, stakedUsd + earnedUsd, 1e-6), `${syrup.usd}`).toBe(true);
      total += stakedUsd + earnedUsd;
    }
    expect(answer.syrups.map((s) => s.is_ended)).toEqual(pools.map((_, i) => i < 2));
    for (const lair of answer.lairs) total += lair.usd!;
    total += vault!.usd!;
    expect(isRelativelyClose(answer.value_usd, total, 1e-6)).toBe(true);
  });

  it("counts a vault whose listed MasterChef pid stakes another token as unreadable, not as the wallet's stake", async () => {
    const listed = loadListedVaults().find((v) => v.address === gamma.hypervisor)!;
    const deps = createVaultsDeps({
      db: testApp.database.db,
      chainId: t.world.chainId,
      oldTokens: { quick: t.world.tokens.QUICK.address, dquick: t.world.tokens.DQUICK.address },
      chain: t.chain,
      prices: { onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(t.world) }) },
      config: testApp.config,
    });
    const wrongPid = {
      ...listed,
      staking: { ...listed.staking!, pid: listed.staking!.pid + 1 },
    };
    const { wallets } = await readHoldings(deps, [
      { wallet: user, lairs: [], syrups: [], vaults: [wrongPid] },
    ]);
    expect(wallets.get(user)).toMatchObject({ vaults: [], unreadable: [gamma.hypervisor], valueUsd: 0 });
  });

  it('answers a wallet that holds nothing there with empty lists, in one request', async () => {
    t.proxy.reset();
    const response = await holdings(t.world.accounts.idle.address);
    expect(response.statusCode, response.body).toBe(200);
    const answer = vaultsWalletPositionsSchema.parse(response.json());
    expect([answer.lairs, answer.syrups, answer.value_usd]).toEqual([[], [], 0]);
    expect(t.proxy.calls.filter((c) => c === 'eth_call')).toHaveLength(1);
  });

  it('refuses a wallet the user has not saved, and bad input, naming the field', async () => {
    const stranger = await holdings('0x000000000000000000000000000000000000bEEF');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toContain('is not one of your saved wallets');
    const bad = await holdings('not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('wallet_address');
    const anonymous = await testApp.request({
      method: 'GET',
      url: `/api/quickswap/vaults/positions?wallet_address=${user}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
