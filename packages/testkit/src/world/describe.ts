import { MULTICALL3_CANONICAL_ADDRESS, pair as pairArtifact } from '@tidewatch/contracts';
import type { Address } from 'viem';
import type { Anvil } from '../anvil.ts';
import { testAccounts } from './accounts.ts';
import { type FarmKey, farmSpecs, type PairKey, pairSpecs, type TokenKey, tokenSpecs } from './spec.ts';
import type { World, WorldFarm, WorldPair, WorldToken } from './types.ts';
import { quickswapFarmUrl } from './urls.ts';

const units = (whole: number, decimals: number) => BigInt(whole) * 10n ** BigInt(decimals);
const entries = <K extends string, V>(record: Record<K, V>) => Object.entries(record) as [K, V][];

/** The addresses deploy.ts produced, before they are described as a World. */
export type Deployed = {
  tokenAddress: Record<TokenKey, Address>;
  pairAddress: Record<PairKey, Address>;
  farmAddress: Record<FarmKey, Address>;
  userStake: Record<FarmKey, bigint>;
  factory: Address;
  router: Address;
  lpFarmFactory: Address;
  dualFarmFactory: Address;
  quickConverter: Address;
  syrupPool: Address;
  otherExchangePair: Address;
  otherExchangeFarm: Address;
};

/** Reads back what deploy.ts made (reserves, sorted pair tokens) and describes it as a World. */
export async function describeWorld(anvil: Anvil, deployed: Deployed): Promise<World> {
  const { tokenAddress, pairAddress, farmAddress, userStake } = deployed;
  const tokens = {} as Record<TokenKey, WorldToken>;
  for (const [key, spec] of entries(tokenSpecs)) {
    tokens[key] = { key, address: tokenAddress[key], ...spec, isBytes32: key === 'MKR' };
  }

  const pairList = await Promise.all(
    entries(pairSpecs).map(async ([key, spec]): Promise<WorldPair> => {
      const address = pairAddress[key];
      const [reserve0, reserve1] = await anvil.client.readContract({
        address,
        abi: pairArtifact.abi,
        functionName: 'getReserves',
      });
      const a = tokenAddress[spec.tokenA];
      const b = tokenAddress[spec.tokenB];
      const isAFirst = a.toLowerCase() < b.toLowerCase();
      return {
        key,
        address,
        token0: isAFirst ? a : b,
        token1: isAFirst ? b : a,
        tokenA: spec.tokenA,
        tokenB: spec.tokenB,
        reserveA: isAFirst ? reserve0 : reserve1,
        reserveB: isAFirst ? reserve1 : reserve0,
      };
    }),
  );
  const pairs = Object.fromEntries(pairList.map((p) => [p.key, p])) as Record<PairKey, WorldPair>;

  const farms = {} as Record<FarmKey, WorldFarm>;
  for (const [key, spec] of entries(farmSpecs)) {
    const pairSpec = pairSpecs[spec.pair];
    const tokenAddresses = [tokenAddress[pairSpec.tokenA], tokenAddress[pairSpec.tokenB]] as const;
    const rewardAmounts = spec.rewards.map(([token, whole]) => units(whole, tokenSpecs[token].decimals));
    const base = {
      key,
      address: farmAddress[key],
      pair: pairAddress[spec.pair],
      pairKey: spec.pair,
      tokens: [pairSpec.tokenA, pairSpec.tokenB] as const,
      tokenAddresses,
      isEnded: 'isEnded' in spec && spec.isEnded,
      isPaused: 'isPaused' in spec && spec.isPaused,
      isUnfunded: 'isUnfunded' in spec && spec.isUnfunded,
      userStake: userStake[key],
    };
    const rewardKeys = spec.rewards.map(([token]) => token);
    farms[key] =
      spec.kind === 'lp'
        ? {
            ...base,
            kind: 'lp',
            rewardTokens: [rewardKeys[0]!],
            rewardTokenAddresses: [tokenAddress[rewardKeys[0]!]],
            rewardAmounts: [rewardAmounts[0]!],
            url: quickswapFarmUrl({ kind: 'lp', address: farmAddress[key], tokenAddresses }),
          }
        : {
            ...base,
            kind: 'dual',
            rewardTokens: [rewardKeys[0]!, rewardKeys[1]!],
            rewardTokenAddresses: [tokenAddress[rewardKeys[0]!], tokenAddress[rewardKeys[1]!]],
            rewardAmounts: [rewardAmounts[0]!, rewardAmounts[1]!],
            url: quickswapFarmUrl({ kind: 'dual', address: farmAddress[key], tokenAddresses }),
          };
  }

  return {
    chainId: anvil.chainId,
    rpcUrl: anvil.rpcUrl,
    multicall3: MULTICALL3_CANONICAL_ADDRESS,
    factory: deployed.factory,
    router: deployed.router,
    lpFarmFactory: deployed.lpFarmFactory,
    dualFarmFactory: deployed.dualFarmFactory,
    quickConverter: deployed.quickConverter,
    notLpFarms: {
      syrupPool: deployed.syrupPool,
      otherExchangePair: deployed.otherExchangePair,
      otherExchangeFarm: deployed.otherExchangeFarm,
    },
    tokens,
    pairs,
    farms,
    accounts: testAccounts,
    deployedAtBlock: await anvil.client.getBlockNumber(),
  };
}
