import {
  defiEdgeMiniChef,
  defiEdgeStrategy,
  dragonLair,
  gammaHypervisor,
  gammaMasterChef,
  gammaRewarder,
  ichiVault,
  stakingRewards,
  steerStakingRewards,
  steerVault,
} from '@tidewatch/contracts';
import { type RecoveryPlan, type RecoveryStep, vaultsWalletPositionsSchema } from '@tidewatch/shared';
import { buildStepCall, DEFAULT_SLIPPAGE_BPS, minimumAmounts } from '@tidewatch/shared/recovery-calls';
import {
  type DefiEdgeStrategyDeployment,
  deployDefiEdgeStrategy,
  deployGammaVault,
  deployIchiVault,
  deploySteerVault,
  deployV3World,
  type GammaVault,
  type IchiVaultDeployment,
  type SteerServer,
  type SteerVaultDeployment,
  seedLairAndSyrupStakes,
  startSteerServer,
  worldAppEnv,
  worldPriceOptions,
} from '@tidewatch/testkit';
import { sql } from 'kysely';
import { type Abi, type Address, createWalletClient, erc20Abi, formatUnits, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose, startTestChain, type TestChain } from '../src/core/chain/testing.ts';
import { loadSyrupRegistry } from '../src/core/farm-index/syrup-registry.ts';
import { loadListedVaults } from '../src/core/farm-index/vault-registry.ts';
import { createOnchainPriceSource } from '../src/core/prices/onchain-source.ts';
import { createRecoveryService } from '../src/features/recovery/service.ts';
import { createVaultsDeps } from '../src/features/vaults/index.ts';
import { listVaults } from '../src/features/vaults/lists/vault-list.ts';
import { createConfirmedUser, createTestApp, type TestApp } from './helpers.ts';
import { fetchPlan } from './recovery-setup.ts';
import { priceAt } from './v3-setup.ts';

// Issue 45's acceptance on the four managers' contracts at their real Polygon addresses (Gamma compiled from its
// source; Steer, ICHI and DefiEdge restated from QuickSwap interface-v2's ABI files, DefiEdge's MiniChef compiled
// from Sushi's), over Algebra V1.0's npm bytecode: a wallet with shares in each vault (Gamma's, Steer's and
// DefiEdge's partly staked), new and old dQUICK, stake in two ended syrup pools and one running. Found in two
// requests, every figure the test's own reads at the answer's block; then the recovery plan, with each included,
// empties every one of them through the browser's own call builder, and the chain shows it.
const STEER_VAULT_ADDRESS = '0x1EB20de00B0Ed23E3f9fDA7d23Fcbf473a23f180' as const;

let t: TestChain;
let testApp: TestApp;
let steerApi: SteerServer;
let token: string;
let userId: number;
let user: Address;
let pools: Address[];
let gamma: GammaVault;
let steer: SteerVaultDeployment;
let ichi: IchiVaultDeployment;
let defiEdge: DefiEdgeStrategyDeployment;

beforeAll(async () => {
  t = await startTestChain();
  const { world, anvil } = t;
  user = world.accounts.user.address;
  const v3World = await deployV3World(anvil, world);
  const listedGamma = loadListedVaults().find((v) => v.manager === 'gamma' && v.staking)!;
  gamma = await deployGammaVault(anvil, world, v3World, {
    at: listedGamma.address,
    masterChefAt: listedGamma.staking!.address,
    pid: listedGamma.staking!.pid,
  });
  steer = await deploySteerVault(anvil, world, v3World, { at: STEER_VAULT_ADDRESS });
  ichi = await deployIchiVault(anvil, world, v3World);
  defiEdge = await deployDefiEdgeStrategy(anvil, world, v3World);
  const registry = loadSyrupRegistry();
  pools = await seedLairAndSyrupStakes(anvil, world, {
    wallet: user,
    to: [registry[0]!.address, registry[1]!.address, registry[2]!.address],
    endedSeconds: 86_400n,
    activeSeconds: 30n * 86_400n,
  });
  await anvil.increaseTime(2 * 86_400);
  // Steer's vaults and staking pools come from its API, served here in its shapes.
  steerApi = await startSteerServer({
    vaults: [{ vaultAddress: steer.vault, pool: steer.poolAddress }],
    stakingPools: [
      {
        stakingPool: steer.staking!.address,
        stakingToken: steer.vault,
        rewardTokenA: steer.staking!.rewardTokenAddress,
        periodFinish: Number(steer.staking!.periodFinish),
      },
    ],
  });
  const prices = { onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(world) }) };
  testApp = await createTestApp({
    env: {
      ...worldAppEnv(world),
      STEER_API_URL: steerApi.url,
      STEER_STAKING_POOLS_URL: steerApi.stakingPoolsUrl,
    },
    deps: { chain: t.chain, prices },
  });
  const created = await createConfirmedUser(testApp);
  token = created.token;
  const db = testApp.database.db;
  const found = await sql<{ id: number }>`select id from users where email = ${created.email}`.execute(db);
  const at = new Date().toISOString();
  await sql`insert into wallets (user_id, name, address, chain_id, verified_at, created_at)
    values (${found.rows[0]!.id}, 'MetaMask', ${user}, ${world.chainId}, ${at}, ${at})`.execute(db);
  userId = found.rows[0]!.id;
}, 240_000);
afterAll(async () => {
  await testApp?.close();
  await steerApi?.stop();
  await t?.stop();
});

const read = <T = bigint>(
  address: Address,
  abi: unknown,
  functionName: string,
  args: unknown[],
  block?: bigint,
) =>
  t.anvil.client.readContract({
    address,
    abi: abi as Abi,
    functionName,
    args,
    ...(block === undefined ? {} : { blockNumber: block }),
  }) as Promise<T>;
const balanceOf = (tokenAddress: Address, block?: bigint) =>
  read(tokenAddress, erc20Abi, 'balanceOf', [user], block);

/** Each vault's totals as QuickSwap's interface reads them, at `block`. */
async function totalsOf(manager: string, vault: Address, block: bigint): Promise<readonly [bigint, bigint]> {
  if (manager === 'defiedge') {
    // Nonpayable (it pokes its positions): called statically, its fees added, as the interface does.
    const { result } = await t.anvil.client.simulateContract({
      address: vault,
      abi: defiEdgeStrategy.abi as Abi,
      functionName: 'getAUMWithFees',
      args: [true],
      blockNumber: block,
    });
    const [a0, a1, f0, f1] = result as readonly [bigint, bigint, bigint, bigint];
    return [a0 + f0, a1 + f1];
  }
  const abi = { gamma: gammaHypervisor.abi, steer: steerVault.abi, ichi: ichiVault.abi }[manager];
  return read<readonly [bigint, bigint]>(vault, abi, 'getTotalAmounts', [], block);
}

describe('vault shares of the four managers, the lairs and syrups', () => {
  it('finds exactly what the wallet has, in two requests, every amount as the chain reads it', async () => {
    t.proxy.reset();
    const response = await testApp.request({
      method: 'GET',
      url: `/api/quickswap/vaults/positions?wallet_address=${user}`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = vaultsWalletPositionsSchema.parse(response.json());
    expect(t.proxy.calls.filter((c) => c === 'eth_call')).toHaveLength(2);
    expect(answer.unavailable_lists).toEqual([]);
    const block = BigInt(answer.block_number);

    // Shares held and staked, per vault, where each manager's staking says.
    const expected = [
      {
        vault: gamma.hypervisor,
        manager: 'gamma',
        staked: (
          await read<readonly [bigint, bigint]>(
            gamma.masterChef!.address,
            gammaMasterChef.abi,
            'userInfo',
            [gamma.masterChef!.pid, user],
            block,
          )
        )[0],
        rewards: [
          await read(
            gamma.masterChef!.address,
            gammaMasterChef.abi,
            'pendingSushi',
            [gamma.masterChef!.pid, user],
            block,
          ),
          await read(
            gamma.masterChef!.rewarder,
            gammaRewarder.abi,
            'pendingToken',
            [gamma.masterChef!.pid, user],
            block,
          ),
        ],
      },
      {
        vault: steer.vault,
        manager: 'steer',
        staked: await read(steer.staking!.address, steerStakingRewards.abi, 'balanceOf', [user], block),
        rewards: [await read(steer.staking!.address, steerStakingRewards.abi, 'earned', [user], block)],
      },
      { vault: ichi.vault, manager: 'ichi', staked: 0n, rewards: [] },
      {
        vault: defiEdge.strategy,
        manager: 'defiedge',
        staked: (
          await read<readonly [bigint, bigint]>(
            defiEdge.miniChef!.address,
            defiEdgeMiniChef.abi,
            'userInfo',
            [defiEdge.miniChef!.pid, user],
            block,
          )
        )[0],
        rewards: [
          await read(
            defiEdge.miniChef!.address,
            defiEdgeMiniChef.abi,
            'pendingSushi',
            [defiEdge.miniChef!.pid, user],
            block,
          ),
        ],
      },
    ];
    expect(answer.vaults.map((v) => v.vault).sort()).toEqual(expected.map((e) => e.vault).sort());
    let total = 0;
    for (const e of expected) {
      const share = answer.vaults.find((v) => v.vault === e.vault)!;
      expect(share.manager).toBe(e.manager);
      const held = await read(e.vault, erc20Abi, 'balanceOf', [user], block);
      const supply = await read(e.vault, erc20Abi, 'totalSupply', [], block);
      expect(held).toBeGreaterThan(0n);
      expect(share.shares).toEqual({
        held: formatUnits(held, 18),
        staked: formatUnits(e.staked, 18),
        total_supply: formatUnits(supply, 18),
      });
      const [total0, total1] = await totalsOf(e.manager, e.vault, block);
      const mine = [(total0 * (held + e.staked)) / supply, (total1 * (held + e.staked)) / supply];
      expect(
        share.amounts.map((a) => a.amount),
        e.manager,
      ).toEqual(mine.map((raw, i) => formatUnits(raw, share.amounts[i]!.token.decimals)));
      expect(
        share.rewards.map((r) => r.amount),
        e.manager,
      ).toEqual(e.rewards.map((raw, i) => formatUnits(raw, share.rewards[i]!.token.decimals)));
      for (const reward of e.rewards) expect(reward).toBeGreaterThan(0n);
      let usd = 0;
      for (const [i, raw] of [...mine, ...e.rewards].entries()) {
        const part = [...share.amounts, ...share.rewards][i]!;
        usd +=
          Number(formatUnits(raw, part.token.decimals)) *
          (await priceAt({ t }, part.token.address as Address, block))!;
      }
      expect(isRelativelyClose(share.usd, usd, 1e-6), `${e.manager}: ${share.usd} vs ${usd}`).toBe(true);
      total += usd;
    }
    // The lairs and the three syrup stakes, two ended.
    expect(answer.lairs).toHaveLength(2);
    expect(answer.syrups.map((s) => s.pool).sort()).toEqual([...pools].sort());
    expect(answer.syrups.filter((s) => s.is_ended)).toHaveLength(2);
    for (const part of [...answer.lairs, ...answer.syrups]) total += part.usd!;
    expect(isRelativelyClose(answer.value_usd, total, 1e-6), `${answer.value_usd} vs ${total}`).toBe(true);
  });

  it("reads Steer's vaults as unknown, and the others as before, when Steer's API is down", async () => {
    const down = createVaultsDeps({
      db: testApp.database.db,
      chainId: t.world.chainId,
      oldTokens: { quick: t.world.tokens.QUICK.address, dquick: t.world.tokens.DQUICK.address },
      chain: t.chain,
      config: { ...testApp.config, steer: { ...testApp.config.steer, apiUrl: 'http://127.0.0.1:9' } },
    });
    const listed = await listVaults(down);
    expect(listed.unavailableLists).toEqual(['steer']);
    expect(listed.vaults.map((v) => v.manager)).not.toContain('steer');
    expect(listed.vaults).toHaveLength(loadListedVaults().length);
  });
});

describe('a vault read that fails', () => {
  it('leaves the recovery plan standing, its vault positions unknown and saying so', async () => {
    const { config } = testApp;
    const recovery = createRecoveryService({
      db: testApp.database.db,
      chainId: t.world.chainId,
      chain: t.chain,
      prices: { onchain: createOnchainPriceSource({ chain: t.chain, ...worldPriceOptions(t.world) }) },
      oldTokens: { quick: config.quick.old, dquick: config.dquick.old },
      contracts: {
        router: config.quickswapRouterAddress,
        lair: config.dquick.old,
        oldQuick: config.quick.old,
        newQuick: config.quick.new,
        converter: config.quickConverterAddress,
      },
      pairFactory: config.quickswapFactoryAddress,
      syrups: loadSyrupRegistry().map((syrup) => syrup.address),
      wmatic: config.wmaticAddress,
      vaults: {
        newLair: t.world.tokens.NEW_DQUICK.address,
        read: async () => {
          throw new Error('the node refused the lens');
        },
        listed: async () => [],
      },
    });
    const plan = await recovery.getPlan(userId, user, { walletLp: [], vaults: [] });
    // No vault or lair: unknown. The running syrup is the plan's own read, and stays.
    expect(plan.vault_positions.map((p) => [p.kind, p.contract])).toEqual([['syrup', pools[2]]]);
    expect(plan.vault_positions_unavailable).toMatch(/could not be read now: they are unknown, not empty/);
    // The ended syrups are still the plan's.
    expect(plan.syrups.map((s) => s.pool).sort()).toEqual([pools[0], pools[1]].sort());
  });
});

describe('getting it all out through the recovery plan', () => {
  const account = () => privateKeyToAccount(t.world.accounts.user.privateKey);
  const include = () =>
    [
      gamma.hypervisor,
      steer.vault,
      ichi.vault,
      defiEdge.strategy,
      t.world.tokens.NEW_DQUICK.address,
      pools[2]!,
    ].join(',');
  const planNow = () =>
    fetchPlan({ testApp, t } as never, token, user, `&include_vaults=${include()}`) as Promise<RecoveryPlan>;

  it('lists each vault, the new lair and the running syrup apart, and plans their steps once included', async () => {
    const without = await fetchPlan({ testApp, t } as never, token, user);
    expect(without.vault_positions.map((p) => [p.kind, p.contract, p.is_included]).sort()).toEqual(
      [
        ['vault', gamma.hypervisor, false],
        ['vault', steer.vault, false],
        ['vault', ichi.vault, false],
        ['vault', defiEdge.strategy, false],
        ['lair', t.world.tokens.NEW_DQUICK.address, false],
        ['syrup', pools[2], false],
      ].sort(),
    );
    expect(without.steps.some((s) => s.kind === 'withdraw_vault' || s.kind === 'unstake_vault')).toBe(false);
    const plan = await planNow();
    expect(plan.vault_positions.every((p) => p.is_included)).toBe(true);
    const kinds = (contract: Address) => plan.steps.filter((s) => s.contract === contract).map((s) => s.kind);
    expect(kinds(gamma.masterChef!.address)).toEqual(['unstake_vault']);
    expect(kinds(steer.staking!.address)).toEqual(['exit']);
    expect(kinds(defiEdge.miniChef!.address)).toEqual(['unstake_vault']);
    for (const vault of [gamma.hypervisor, steer.vault, ichi.vault, defiEdge.strategy]) {
      expect(kinds(vault)).toEqual(['withdraw_vault']);
    }
    expect(kinds(t.world.tokens.NEW_DQUICK.address)).toEqual(['leave_lair']);
    expect(kinds(pools[2]!)).toEqual(['exit']);
  });

  it('runs every step with the browser builder: each pays what the chain predicts, and nothing is left', async () => {
    const client = createWalletClient({
      account: account(),
      chain: t.anvil.client.chain,
      transport: http(t.anvil.rpcUrl),
    });
    const gasOf: Record<string, bigint[]> = {};
    for (let round = 0; round < 30; round++) {
      const plan = await planNow();
      const step = plan.steps.find((s) => s.is_ready);
      if (!step) break;
      const amountsMin =
        step.kind === 'withdraw_vault'
          ? minimumAmounts(
              [BigInt(step.receives[0]!.raw), BigInt(step.receives[1]!.raw)] as const,
              DEFAULT_SLIPPAGE_BPS,
            )
          : undefined;
      const call = buildStepCall(step, { account: user, ...(amountsMin ? { amountsMin } : {}) });
      // The chain's own prediction at the block before: what a withdrawal pays (its return values).
      const predicted = await predictedReceipts(step, call);
      const before = await Promise.all(step.receives.map((r) => balanceOf(r.address as Address)));
      // A gas limit with room, as the app's runner gives one (withGasMargin): sent on viem's bare estimate, a vault's
      // withdrawal reverted once in a loaded run (passing alone), as an estimate that fell short does.
      const hash = await client.writeContract({ ...call, chain: null, gas: 5_000_000n } as never);
      const receipt = await t.anvil.client.waitForTransactionReceipt({ hash });
      expect(receipt.status, `${step.kind} ${step.contract}`).toBe('success');
      gasOf[step.kind] = [...(gasOf[step.kind] ?? []), receipt.gasUsed];
      const after = await Promise.all(step.receives.map((r) => balanceOf(r.address as Address)));
      if (predicted) {
        expect(
          after.map((b, i) => b - before[i]!),
          `${step.kind} ${step.contract}`,
        ).toEqual([...predicted]);
        // Within the shown slippage of what the plan showed.
        expect(predicted[0]! >= amountsMin![0] && predicted[1]! >= amountsMin![1]).toBe(true);
      }
      const recorded = await testApp.request({
        method: 'POST',
        url: '/api/recovery/transactions',
        token,
        payload: { wallet_address: user, tx_hash: hash, step_kind: step.kind },
      });
      expect(recorded.statusCode, recorded.body).toBe(200);
    }
    console.info(
      `recovery-vaults gasUsed: ${Object.entries(gasOf)
        .map(([kind, gas]) => `${kind} ${gas.join('/')}`)
        .join(', ')}`,
    );
    // Nothing left: no shares held or staked in any vault, no dQUICK in either lair, no stake in any syrup.
    for (const vault of [gamma.hypervisor, steer.vault, ichi.vault, defiEdge.strategy]) {
      expect(await balanceOf(vault), vault).toBe(0n);
    }
    expect(await read(steer.staking!.address, steerStakingRewards.abi, 'balanceOf', [user])).toBe(0n);
    expect(
      (
        await read<readonly [bigint, bigint]>(gamma.masterChef!.address, gammaMasterChef.abi, 'userInfo', [
          gamma.masterChef!.pid,
          user,
        ])
      )[0],
    ).toBe(0n);
    expect(
      (
        await read<readonly [bigint, bigint]>(defiEdge.miniChef!.address, defiEdgeMiniChef.abi, 'userInfo', [
          defiEdge.miniChef!.pid,
          user,
        ])
      )[0],
    ).toBe(0n);
    expect(await read(t.world.tokens.NEW_DQUICK.address, dragonLair.abi, 'balanceOf', [user])).toBe(0n);
    expect(await read(t.world.tokens.DQUICK.address, dragonLair.abi, 'balanceOf', [user])).toBe(0n);
    for (const pool of pools)
      expect(await read(pool, stakingRewards.abi, 'balanceOf', [user]), pool).toBe(0n);
    const last = await planNow();
    expect(last.vault_positions).toEqual([]);
    expect(last.steps).toEqual([]);
  });
});

/** A withdrawal's amounts as the vault itself returns them, simulated from the wallet at the latest block. */
async function predictedReceipts(
  step: RecoveryStep,
  call: ReturnType<typeof buildStepCall>,
): Promise<readonly [bigint, bigint] | null> {
  if (step.kind !== 'withdraw_vault') return null;
  const { result } = await t.anvil.client.simulateContract({ ...call, account: user } as never);
  return result as readonly [bigint, bigint];
}
