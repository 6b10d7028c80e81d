import type { FarmKind } from '@tidewatch/shared';
import type { Address } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { farmContracts } from '../chain/farm-contracts.ts';
import { ReadPlan } from '../chain/read-plan.ts';

/**
 * Which candidates answer as staking contracts of their kind: `stakingToken()` and the reward token getter
 * (`rewardsToken()`, or `rewardsTokenA()` and `rewardsTokenB()` on a dual farm) of all of them in one
 * batched aggregate3. An address with no code, a syrup-like contract of the wrong kind or any other
 * contract fails a read and is refused here, before the full read of each farm.
 */
export async function probeStakingContracts<C extends { address: Address; kind: FarmKind }>(
  chain: ChainClient,
  candidates: C[],
): Promise<{ answering: C[]; refused: C[] }> {
  const plan = new ReadPlan();
  const isAnswering = candidates.map(() => true);
  candidates.forEach((candidate, index) => {
    const { farmAbi: abi, rewardTokenGetters } = farmContracts[candidate.kind];
    const getters = ['stakingToken', ...rewardTokenGetters] as const;
    for (const functionName of getters) {
      plan.addOptional<Address>(
        {
          label: `farm ${candidate.address}: ${functionName}()`,
          address: candidate.address,
          abi,
          functionName,
        },
        (value) => {
          if (value === null) isAnswering[index] = false;
        },
      );
    }
  });
  await plan.run(chain, 'latest', chain.maxCalldataBytes);
  return {
    answering: candidates.filter((_, index) => isAnswering[index]),
    refused: candidates.filter((_, index) => !isAnswering[index]),
  };
}
