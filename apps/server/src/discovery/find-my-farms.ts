import { stakingDualRewards, stakingRewards } from '@tidewatch/contracts';
import type { Selectable } from 'kysely';
import type { Address } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { ReadPlan } from '../chain/read-plan.ts';
import type { FarmIndexTable } from './tables.ts';

export type IndexRow = Selectable<FarmIndexTable>;
export type WalletFarm = { farm: IndexRow; staked: bigint; earned: bigint[] };

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
  const results = farms.map((farm) => ({ farm, staked: 0n, earned: [] as bigint[] }));
  for (const result of results) {
    const address = result.farm.address as Address;
    const abi = result.farm.kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi;
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
    const earnedNames = result.farm.kind === 'lp' ? ['earned'] : ['earnedA', 'earnedB'];
    earnedNames.forEach((functionName, k) => {
      plan.add<bigint>(
        { label: `farm ${address}: ${functionName}(${wallet})`, address, abi, functionName, args: [wallet] },
        (v) => {
          result.earned[k] = v;
        },
      );
    });
  }
  await plan.run(chain, 'latest', chain.maxCalldataBytes);
  return {
    found: results.filter((r) => r.staked > 0n || r.earned.some((e) => e > 0n)),
    blockNumber: block.number,
  };
}
