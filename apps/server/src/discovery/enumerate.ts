import { stakingRewardsDualFactory, stakingRewardsFactory } from '@tidewatch/contracts';
import { type Address, getAddress, zeroAddress } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import type { FarmKind } from '../chain/farm-ref.ts';
import { ReadPlan } from '../chain/read-plan.ts';

export type FactoryFarm = { address: Address; kind: FarmKind; factory: Address; stakingToken: Address };
export type Factories = { lp: Address[]; dual: Address[] };

const firstPage = 16;

/**
 * Every farm QuickSwap's staking-rewards factories deployed: each factory's public `stakingTokens(i)`
 * array (it has no length getter, so pages of reads that may fail, doubling while a page comes back full),
 * then `stakingRewardsInfoByStakingToken(token)` for each, whose first word is the farm. All factories of a
 * round share one aggregate3: a few requests for any number of factories.
 */
export async function enumerateFactoryFarms(
  chain: ChainClient,
  factories: Factories,
): Promise<FactoryFarm[]> {
  type Cursor = { factory: Address; kind: FarmKind; tokens: Address[]; isDone: boolean };
  const cursors: Cursor[] = [
    ...factories.lp.map((factory) => ({
      factory: getAddress(factory),
      kind: 'lp' as const,
      tokens: [],
      isDone: false,
    })),
    ...factories.dual.map((factory) => ({
      factory: getAddress(factory),
      kind: 'dual' as const,
      tokens: [],
      isDone: false,
    })),
  ];
  const abiOf = (kind: FarmKind) =>
    kind === 'lp' ? stakingRewardsFactory.abi : stakingRewardsDualFactory.abi;
  for (let page = firstPage; cursors.some((c) => !c.isDone); page *= 2) {
    const plan = new ReadPlan();
    for (const cursor of cursors.filter((c) => !c.isDone)) {
      const start = cursor.tokens.length;
      const found: (Address | null)[] = [];
      for (let i = start; i < start + page; i++) {
        plan.addOptional<Address>(
          {
            label: `factory ${cursor.factory}: stakingTokens(${i})`,
            address: cursor.factory,
            abi: abiOf(cursor.kind),
            functionName: 'stakingTokens',
            args: [BigInt(i)],
          },
          (token) => {
            found[i - start] = token;
            if (i === start + page - 1) {
              const end = found.indexOf(null);
              cursor.tokens.push(...((end === -1 ? found : found.slice(0, end)) as Address[]));
              cursor.isDone = end !== -1;
            }
          },
        );
      }
    }
    await plan.run(chain, 'latest', chain.maxCalldataBytes);
  }

  const farms: FactoryFarm[] = [];
  const plan = new ReadPlan();
  for (const cursor of cursors) {
    for (const token of cursor.tokens) {
      plan.add<readonly [Address, ...unknown[]]>(
        {
          label: `factory ${cursor.factory}: stakingRewardsInfoByStakingToken(${token})`,
          address: cursor.factory,
          abi: abiOf(cursor.kind),
          functionName: 'stakingRewardsInfoByStakingToken',
          args: [token],
        },
        (info) => {
          if (info[0] === zeroAddress) return;
          farms.push({
            address: getAddress(info[0]),
            kind: cursor.kind,
            factory: cursor.factory,
            stakingToken: getAddress(token),
          });
        },
      );
    }
  }
  await plan.run(chain, 'latest', chain.maxCalldataBytes);
  return farms;
}
