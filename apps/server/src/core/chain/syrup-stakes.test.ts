import { dragonLair, stakingRewards, testErc20 } from '@tidewatch/contracts';
import { TxSender } from '@tidewatch/testkit';
import { type Abi, type Address, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadPlan } from './read-plan.ts';
import { planSyrupStakes } from './syrup-stakes.ts';
import { startTestChain, type TestChain } from './testing.ts';

// A wallet's syrup stakes, read against QuickSwap's StakingRewards bytecode on the local chain: the user holds old
// dQUICK and stakes part of it in the world's syrup pool (dQUICK in, WMATIC out).
let t: TestChain;
let user: Address;
const staked = parseUnits('40', 18);
beforeAll(async () => {
  t = await startTestChain();
  user = t.world.accounts.user.address;
  const dquick = t.world.tokens.DQUICK.address;
  const pool = t.world.notLpFarms.syrupPool;
  const tx = new TxSender(t.anvil);
  await tx.call(t.world.accounts.deployer.address, dquick, dragonLair.abi, 'transfer', [
    user,
    parseUnits('100', 18),
  ]);
  await tx.call(user, dquick, testErc20.abi, 'approve', [pool, staked]);
  await tx.call(user, pool, stakingRewards.abi, 'stake', [staked], { gas: 1_000_000 });
  await tx.assertAllSucceeded();
  await t.anvil.increaseTime(3_600);
}, 60_000);
afterAll(() => t?.stop());

/** The contract's own figure at a block, read directly (the test's own arithmetic is the chain's answer). */
const readAt = (
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: unknown[],
  blockNumber: bigint,
) =>
  t.anvil.client.readContract({
    address,
    abi: abi as Abi,
    functionName,
    args,
    blockNumber,
  }) as Promise<bigint>;

/** The syrup reads in a plan of their own, run at the latest block (the block read inside it). */
async function findSyrupStakes(wallet: Address, syrups: Address[]) {
  const plan = new ReadPlan();
  const block = plan.addBlock(t.chain.multicall3Address);
  const found = planSyrupStakes(plan, wallet, syrups);
  await plan.run(t.chain, 'latest');
  return { block, ...found() };
}

describe('planSyrupStakes', () => {
  it("finds the wallet's syrup stake with rewards and the pool's own tokens, in one request at one block", async () => {
    const nothingThere = '0x000000000000000000000000000000000000dEaD';
    const syrups = [t.world.notLpFarms.syrupPool, t.world.farms.wbtcUsdc.address, nothingThere] as Address[];
    await t.chain.assertChainId(); // once per client, before its first read
    t.proxy.reset();
    const found = await findSyrupStakes(user, syrups);
    expect([t.proxy.requestCount, t.proxy.calls]).toEqual([1, ['eth_call']]);

    const at = found.block.number;

    const pool = t.world.notLpFarms.syrupPool;
    const earned = await readAt(pool, stakingRewards.abi, 'earned', [user], at);
    expect(earned).toBeGreaterThan(0n);
    // The LP farm is readable (a StakingRewards too) and the user's stake there counts; the address with no
    // contract is unreadable, not a stake of zero.
    expect(found.syrups.find((stake) => stake.pool === pool)).toEqual({
      pool,
      // The pool's own tokens: dQUICK staked, WMATIC paid.
      stakingToken: t.world.tokens.DQUICK.address,
      rewardsToken: t.world.tokens.WMATIC.address,
      staked,
      earned,
      periodFinish: await readAt(pool, stakingRewards.abi, 'periodFinish', [], at),
    });
    expect(found.unreadable).toEqual([nothingThere]);
  });

  it('finds nothing for a wallet that stakes nowhere', async () => {
    const found = await findSyrupStakes(t.world.accounts.idle.address, [t.world.notLpFarms.syrupPool]);
    expect(found).toMatchObject({ syrups: [], unreadable: [] });
  });
});
