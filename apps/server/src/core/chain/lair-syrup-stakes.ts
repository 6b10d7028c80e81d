import { dragonLair, stakingRewards } from '@tidewatch/contracts';
import type { Abi, Address } from 'viem';
import type { ChainClient } from './client.ts';
import { type PlannedBlock, ReadPlan } from './read-plan.ts';

/** A wallet's dQUICK in one Dragon's Lair, and the QUICK the lair would pay for it now (its QUICKBalance). */
type LairStake = { lair: Address; dquick: bigint; quick: bigint };

/**
 * A wallet's stake and unclaimed rewards in one syrup pool (a StakingRewards staking QUICK or dQUICK), with the
 * tokens the pool itself names: the published lists name some staking tokens wrongly (old for new QUICK).
 */
export type SyrupStake = {
  pool: Address;
  stakingToken: Address;
  rewardsToken: Address;
  staked: bigint;
  earned: bigint;
  periodFinish: bigint;
};

export type LairAndSyrupStakes = {
  /** The block every figure was read at (read inside the same aggregate3). */
  block: PlannedBlock;
  /** Each lair where the wallet holds dQUICK. */
  lairs: LairStake[];
  /** Each syrup pool where the wallet has stake or unclaimed rewards, ended or not. */
  syrups: SyrupStake[];
  /** Pools whose reads failed (no contract there, or not this shape): unknown, not empty. */
  unreadable: Address[];
};

/**
 * Finds a wallet's Dragon's Lair and syrup stakes (issue 45, Build 1: the lairs and syrups part): its dQUICK in
 * each lair with the QUICK it is worth (`QUICKBalance`, the lair's own figure), and its stake, `earned` and the
 * pool's end in every syrup pool listed — all in one aggregate3 at one block, the block read inside it, so one
 * JSON-RPC request for every syrup QuickSwap ever listed. A pool whose reads fail is reported unreadable; the
 * others stand. Throws ReadFailedError only when a lair cannot be read.
 * @example const found = await findLairAndSyrupStakes(chain, wallet, { lairs: [oldLair, newLair], syrups });
 */
export async function findLairAndSyrupStakes(
  chain: ChainClient,
  wallet: Address,
  listed: { lairs: readonly Address[]; syrups: readonly Address[] },
): Promise<LairAndSyrupStakes> {
  const plan = new ReadPlan();
  const block = plan.addBlock(chain.multicall3Address);
  const found = planLairAndSyrupStakes(plan, wallet, listed);
  await plan.run(chain, 'latest');
  return { block, ...found() };
}

/**
 * The reads of findLairAndSyrupStakes added to a caller's plan (the recovery plan's find stage reads them beside
 * the farms'); the answer once the plan ran.
 */
export function planLairAndSyrupStakes(
  plan: ReadPlan,
  wallet: Address,
  listed: { lairs: readonly Address[]; syrups: readonly Address[] },
): () => Omit<LairAndSyrupStakes, 'block'> {
  const lairs = listed.lairs.map((lair) => {
    const stake: LairStake = { lair, dquick: 0n, quick: 0n };
    const read = (functionName: 'balanceOf' | 'QUICKBalance', apply: (value: bigint) => void) =>
      plan.add<bigint>(
        {
          label: `lair ${lair}: ${functionName}(wallet)`,
          address: lair,
          abi: dragonLair.abi as Abi,
          functionName,
          args: [wallet],
        },
        apply,
      );
    read('balanceOf', (value) => {
      stake.dquick = value;
    });
    read('QUICKBalance', (value) => {
      stake.quick = value;
    });
    return stake;
  });
  const syrups = listed.syrups.map((pool) => {
    const stake: Partial<Omit<SyrupStake, 'pool'>> = {};
    const read = <K extends keyof typeof stake>(
      functionName: 'balanceOf' | 'earned' | 'periodFinish' | 'stakingToken' | 'rewardsToken',
      key: K,
    ) =>
      plan.addOptional<NonNullable<(typeof stake)[K]>>(
        {
          label: `syrup ${pool}: ${functionName}()`,
          address: pool,
          abi: stakingRewards.abi as Abi,
          functionName,
          args: functionName === 'balanceOf' || functionName === 'earned' ? [wallet] : [],
        },
        (value) => {
          if (value !== null) stake[key] = value;
        },
      );
    read('balanceOf', 'staked');
    read('earned', 'earned');
    read('periodFinish', 'periodFinish');
    read('stakingToken', 'stakingToken');
    read('rewardsToken', 'rewardsToken');
    return { pool, stake };
  });
  return () => {
    const found: Omit<LairAndSyrupStakes, 'block'> = {
      lairs: lairs.filter((stake) => stake.dquick > 0n),
      syrups: [],
      unreadable: [],
    };
    for (const { pool, stake } of syrups) {
      const { staked, earned, periodFinish, stakingToken, rewardsToken } = stake;
      if (
        staked === undefined ||
        earned === undefined ||
        periodFinish === undefined ||
        stakingToken === undefined ||
        rewardsToken === undefined
      ) {
        found.unreadable.push(pool);
      } else if (staked > 0n || earned > 0n) {
        found.syrups.push({ pool, stakingToken, rewardsToken, staked, earned, periodFinish });
      }
    }
    return found;
  };
}
