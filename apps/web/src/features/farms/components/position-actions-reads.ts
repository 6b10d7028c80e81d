import type { TokenAmount } from '@tidewatch/shared/recovery';
import type { Abi, Address, PublicClient } from 'viem';
import type { PositionAction } from './position-actions-request.ts';

/** The farm's views the actions read: balanceOf, earned (LP farm), earnedA and earnedB (dual farm). */
export type FarmViewAbis = { farm: Abi; dualFarm: Abi };

type ReadInput = {
  client: PublicClient;
  account: Address;
  farmAddress: Address;
  action: PositionAction;
  isDual: boolean;
  abis: FarmViewAbis;
};

/** What the farm holds for the account at the latest block: its stake and each reward (A then B). */
export async function readFarmPosition({
  client,
  account,
  farmAddress,
  action,
  isDual,
  abis,
}: ReadInput): Promise<{ staked: bigint | null; earned: bigint[] }> {
  const read = (abi: Abi, functionName: string) =>
    client.readContract({
      address: farmAddress,
      abi,
      functionName,
      args: [account],
      blockTag: 'latest',
    }) as Promise<bigint>;
  const rewardNames = isDual ? ['earnedA', 'earnedB'] : ['earned'];
  const rewardAbi = isDual ? abis.dualFarm : abis.farm;
  const [staked, ...earned] = await Promise.all([
    action === 'exit' ? read(abis.farm, 'balanceOf') : Promise.resolve(null),
    ...(action === 'withdraw' ? [] : rewardNames.map((name) => read(rewardAbi, name))),
  ]);
  return { staked: staked ?? null, earned: earned as bigint[] };
}

/** `shown` rescaled to `raw` at the shown figure's own price (null when either is unknown or zero). */
export function rescaledUsd(usd: number | null, shownRaw: bigint, raw: bigint): number | null {
  if (usd === null || shownRaw === 0n) return null;
  return raw === shownRaw ? usd : (usd * Number(raw)) / Number(shownRaw);
}

/** The token amounts with a read amount, left out when 0. */
export function nonZero(amounts: TokenAmount[]): TokenAmount[] {
  return amounts.filter((amount) => amount.raw !== '0');
}
