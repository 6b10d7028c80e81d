import { stakingRewards } from '@tidewatch/contracts';
import type { RecoveryPlan } from '@tidewatch/shared';
import { buildStepCall } from '@tidewatch/shared/recovery-calls';
import { seedLairAndSyrupStakes } from '@tidewatch/testkit';
import { type Abi, type Address, createWalletClient, erc20Abi, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSyrupRegistry } from '../src/core/farm-index/syrup-registry.ts';
import { createFarmUser, type FarmsWorld, startFarmsWorld } from './farms-setup.ts';
import { fetchPlan } from './recovery-setup.ts';

// Get it out of ended syrup pools (issue 45, Build 4): the wallet staked in three of QuickSwap's published syrup
// pools (QuickSwap's StakingRewards code placed at their addresses); two have ended, one pays for two months.
// The recovery plan exits the two ended ones (old dQUICK back, then on to the lair), leaves the active one alone,
// and each exit, built by the browser's own builder and sent from the user's key, pays exactly what the pool
// owed at the block before; the server accepts the send as a step to a verified contract.
let w: FarmsWorld;
let user: { token: string; userId: number };
let pools: Address[];
let plan: RecoveryPlan;

const wallet = () => w.t.world.accounts.user.address;

beforeAll(async () => {
  w = await startFarmsWorld();
  const registry = loadSyrupRegistry();
  pools = await seedLairAndSyrupStakes(w.t.anvil, w.t.world, {
    wallet: wallet(),
    to: [registry[0]!.address, registry[1]!.address, registry[2]!.address],
    endedSeconds: 86_400n,
    activeSeconds: 60n * 86_400n,
  });
  await w.t.anvil.increaseTime(2 * 86_400);
  user = await createFarmUser(w, [wallet()]);
  plan = await fetchPlan(w, user.token, wallet());
}, 180_000);
afterAll(() => w?.close());

const read = (address: Address, abi: Abi, functionName: string, args: unknown[], blockNumber?: bigint) =>
  w.t.anvil.client.readContract({
    address,
    abi,
    functionName,
    args,
    ...(blockNumber === undefined ? {} : { blockNumber }),
  }) as Promise<bigint>;
const balanceOf = (token: Address, blockNumber?: bigint) =>
  read(token, erc20Abi as Abi, 'balanceOf', [wallet()], blockNumber);

describe('the recovery plan and ended syrup pools', () => {
  it('lists the two ended pools with what each holds for the wallet, as the chain reads them, and not the active one', async () => {
    const block = BigInt(plan.block_number);
    const [ended0, ended1, active] = pools;
    expect(plan.syrups.map((s) => s.pool).sort()).toEqual([ended0, ended1].sort());
    expect(plan.syrups.map((s) => s.pool)).not.toContain(active);
    const { tokens } = w.t.world;
    for (const syrup of plan.syrups) {
      const pool = syrup.pool as Address;
      expect(syrup.staked.raw).toBe(
        (await read(pool, stakingRewards.abi as Abi, 'balanceOf', [wallet()], block)).toString(),
      );
      expect(syrup.earned.raw).toBe(
        (await read(pool, stakingRewards.abi as Abi, 'earned', [wallet()], block)).toString(),
      );
      expect(syrup.reward_balance.raw).toBe(
        (await read(tokens.WMATIC.address, erc20Abi as Abi, 'balanceOf', [pool], block)).toString(),
      );
      expect(syrup.earned.symbol).toBe('WMATIC');
      expect(syrup.is_reward_short).toBe(false);
    }
    expect(plan.syrups.find((s) => s.pool === ended0)!.staked.symbol).toBe('dQUICK (old)');
    // One exit per ended pool; the old dQUICK the first pays back goes on to the lair, after it.
    const exits = plan.steps.filter((s) => pools.includes(s.contract as Address));
    expect(exits.map((s) => [s.kind, s.function, s.contract])).toEqual(
      plan.syrups.map((s) => ['exit', 'exit()', s.pool]),
    );
    expect(exits[0]!.contract_label).toMatch(/^syrup pool /);
    const leave = plan.steps.find((s) => s.kind === 'leave_lair')!;
    expect(plan.steps.indexOf(leave)).toBeGreaterThan(plan.steps.indexOf(exits.at(-1)!));
    expect(BigInt(leave.spends!.raw)).toBeGreaterThanOrEqual(
      BigInt(plan.syrups.find((s) => s.pool === ended0)!.staked.raw),
    );
  });

  it("exits each ended pool with the browser's builder: the wallet gets exactly its stake and rewards, the pool keeps nothing", async () => {
    const account = privateKeyToAccount(w.t.world.accounts.user.privateKey);
    const client = createWalletClient({
      account,
      chain: w.t.anvil.client.chain,
      transport: http(w.t.anvil.rpcUrl),
    });
    const exits = plan.steps.filter((s) => s.kind === 'exit' && pools.includes(s.contract as Address));
    for (const step of exits) {
      const pool = step.contract as Address;
      const syrup = plan.syrups.find((s) => s.pool === pool)!;
      const before = await w.t.anvil.client.getBlockNumber();
      const staking = syrup.staked.address as Address;
      const reward = syrup.earned.address as Address;
      const [stakeBefore, rewardBefore] = [await balanceOf(staking, before), await balanceOf(reward, before)];
      const owedStake = await read(pool, stakingRewards.abi as Abi, 'balanceOf', [wallet()], before);
      const owedReward = await read(pool, stakingRewards.abi as Abi, 'earned', [wallet()], before);
      const call = buildStepCall(step, { account: wallet() });
      // A gas limit with room, as the app's runner gives one (withGasMargin): sent on viem's bare estimate, a vault's
      // withdrawal reverted once in a loaded run (passing alone), as an estimate that fell short does.
      const hash = await client.writeContract({ ...call, chain: null, gas: 5_000_000n } as never);
      const receipt = await w.t.anvil.client.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      expect((await balanceOf(staking)) - stakeBefore).toBe(owedStake);
      expect((await balanceOf(reward)) - rewardBefore).toBe(owedReward);
      expect(await read(pool, stakingRewards.abi as Abi, 'balanceOf', [wallet()])).toBe(0n);
      expect(await read(pool, stakingRewards.abi as Abi, 'earned', [wallet()])).toBe(0n);
      // As the page does after each receipt: the server checks the send went to a verified contract.
      const recorded = await w.testApp.request({
        method: 'POST',
        url: '/api/recovery/transactions',
        token: user.token,
        payload: { wallet_address: wallet(), tx_hash: hash, step_kind: 'exit' },
      });
      expect(recorded.statusCode, recorded.body).toBe(200);
    }
    const next = await fetchPlan(w, user.token, wallet());
    expect(next.syrups).toEqual([]);
    expect(next.steps.filter((s) => pools.includes(s.contract as Address))).toEqual([]);
    expect(next.steps.find((s) => s.kind === 'leave_lair')!.is_ready).toBe(true);
  });
});
