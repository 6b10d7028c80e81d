import { type Address, parseUnits } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { farmContracts } from '../chain/farm-contracts.ts';
import { ReadPlan } from '../chain/read-plan.ts';
import type { SnapshotPipeline } from '../snapshots/index.ts';
import type { IndexRow } from './index-repository.ts';

/**
 * A wallet's farms in the index (find my farms, the dashboard's 'left in ended farms', the recovery plan):
 * shared by discovery and recovery, so it lives below both.
 */

export type WalletFarm = { farm: IndexRow; staked: bigint; earned: bigint[] };

/**
 * Plans `balanceOf` and `earned` (A and B on a dual farm) of `wallet` in every one of `farms`; once the
 * plan ran, the returned function answers the farms where it has stake or unclaimed rewards.
 */
export function planWalletFarms(plan: ReadPlan, farms: IndexRow[], wallet: Address): () => WalletFarm[] {
  const results = farms.map((farm) => ({ farm, staked: 0n, earned: [] as bigint[] }));
  for (const result of results) {
    const address = result.farm.address as Address;
    const { farmAbi: abi, earnedGetters } = farmContracts[result.farm.kind];
    plan.add<bigint>(
      {
        label: `farm ${address}: balanceOf(${wallet})`,
        address,
        abi,
        functionName: 'balanceOf',
        args: [wallet],
      },
      (v) => {
        result.staked = v;
      },
    );
    earnedGetters.forEach((functionName, k) => {
      plan.add<bigint>(
        { label: `farm ${address}: ${functionName}(${wallet})`, address, abi, functionName, args: [wallet] },
        (v) => {
          result.earned[k] = v;
        },
      );
    });
  }
  return () => results.filter((r) => r.staked > 0n || r.earned.some((e) => e > 0n));
}

/**
 * Every index farm where `wallet` has stake or unclaimed rewards, ended farms included: `balanceOf` and
 * `earned` (A and B on a dual farm) of every farm in one plan, split into as few aggregate3 requests as
 * the RPC's calldata budget allows, all at one block.
 */
export async function findWalletFarms(
  chain: ChainClient,
  farms: IndexRow[],
  wallet: Address,
): Promise<{ found: WalletFarm[]; blockNumber: bigint }> {
  const plan = new ReadPlan();
  const block = plan.addBlock(chain.multicall3Address);
  const found = planWalletFarms(plan, farms, wallet);
  await plan.run(chain, 'latest', chain.maxCalldataBytes);
  return { found: found(), blockNumber: block.number };
}

/** A wallet's farm with the position as valued at one block (null USD: a price is unknown). */
export type ValuedWalletFarm = WalletFarm & { stakedUsd: number | null; earnedUsd: (number | null)[] };

/**
 * Find my farms in its two stages: find (every index farm's balanceOf and earned for the wallet, as few
 * aggregate3 requests as the calldata budget allows) -> value (the found farms through the snapshot
 * pipeline's read and pricing, the same rules as every figure: old dQUICK by the old lair and old QUICK at
 * 1,000 new). A failed valuation leaves the found amounts with unknown USD, never a missing farm.
 */
export async function findAndValueWalletFarms(
  chain: ChainClient,
  pipeline: SnapshotPipeline | undefined,
  farms: IndexRow[],
  wallet: Address,
): Promise<{ found: ValuedWalletFarm[]; blockNumber: bigint }> {
  const { found, blockNumber } = await findWalletFarms(chain, farms, wallet);
  const unknown = (f: WalletFarm) => ({ ...f, stakedUsd: null, earnedUsd: f.earned.map(() => null) });
  if (!pipeline || found.length === 0) return { found: found.map(unknown), blockNumber };
  try {
    const collected = await pipeline.collectSnapshots({
      farms: found.map((f) => ({ address: f.farm.address as Address, kind: f.farm.kind })),
      accounts: [wallet],
    });
    const positionOf = new Map(collected.positions.map((p) => [p.farm.toLowerCase(), p]));
    return {
      found: found.map((f) => {
        const position = positionOf.get(f.farm.address.toLowerCase());
        if (!position) return unknown(f);
        // The valued read is one block later: its amounts and its prices belong together.
        return {
          farm: f.farm,
          staked: parseUnits(position.staked, 18),
          earned: position.earned.map((e, k) =>
            parseUnits(e.amount, k === 0 ? f.farm.reward_a_decimals : (f.farm.reward_b_decimals ?? 18)),
          ),
          stakedUsd: position.totalLiquidityUsd,
          earnedUsd: position.earned.map((e) => e.usd),
        };
      }),
      blockNumber: collected.blockNumber,
    };
  } catch {
    return { found: found.map(unknown), blockNumber };
  }
}
