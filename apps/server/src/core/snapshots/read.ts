import { pair } from '@tidewatch/contracts';
import type { FarmKind } from '@tidewatch/shared';
import { type Address, getAddress } from 'viem';
import type { ChainClient } from '../chain/client.ts';
import { planTokenReads, type TokenInfo } from '../chain/erc20.ts';
import { farmContracts } from '../chain/farm-contracts.ts';
import type { FarmRef } from '../chain/farm-ref.ts';
import { ReadPlan } from '../chain/read-plan.ts';
import { getStructureCache, type StructureCache } from '../chain/structure-cache.ts';
import type { OnchainPrice } from '../prices/price-source.ts';

export type { FarmRef } from '../chain/farm-ref.ts';

export type PairRead = {
  address: Address;
  factory: Address;
  token0: TokenInfo;
  token1: TokenInfo;
  reserve0: bigint;
  reserve1: bigint;
  totalSupply: bigint;
};

export type FarmSnapshotRead = {
  address: Address;
  kind: FarmKind;
  stakingToken: Address;
  pair: PairRead;
  /** One reward for an LP farm; A then B for a dual farm. `rewardRate` is per second, smallest unit. */
  rewards: { token: TokenInfo; rewardRate: bigint }[];
  /** 0 for a farm never funded; the farm has ended once the block's time reaches it. */
  periodFinish: bigint;
  totalSupply: bigint;
  /** Dual farms only; always false for LP farms. */
  isPaused: boolean;
  /** Per account: staked LP and earned per reward (same order as `rewards`). */
  positions: { account: Address; staked: bigint; earned: bigint[] }[];
};

export type FarmSnapshotsRead = {
  blockNumber: bigint;
  blockTimestamp: bigint;
  farms: FarmSnapshotRead[];
  /** USD per whole token (lower-case address) read in the same aggregate3; empty without `planPrices`. */
  onchainPrices: Map<string, OnchainPrice>;
};

export type ReadFarmSnapshotsOptions = {
  /** Farms to read; a farm with its own `accounts` reads positions of those only (scheduled pairs). */
  farms: (FarmRef & { accounts?: Address[] })[];
  /** Accounts whose positions are read in every farm without its own list. */
  accounts: Address[];
  /** Immutable facts (staking token, pair tokens, token metadata) from earlier reads; defaults to per-client. */
  cache?: StructureCache;
  maxCalldataBytes?: number;
  /** Adds the on-chain price reads of the read's tokens to the same aggregate3. */
  planPrices?: PlanPrices;
  /** Reads the changing values at this past block instead of the latest (needs an archive node for old blocks). */
  block?: bigint;
};

type Dynamic = Omit<FarmSnapshotRead, 'pair' | 'rewards' | 'positions' | 'stakingToken'> & {
  reserves: [bigint, bigint];
  pairSupply: bigint;
  rates: bigint[];
  positions: { account: Address; staked: bigint; earned: bigint[] }[];
};

function planFarmStructure(plan: ReadPlan, farm: FarmRef, cache: StructureCache): void {
  const { address } = farm;
  const entry = { stakingToken: '0x' as Address, rewardTokens: [] as Address[] };
  const { farmAbi: abi, rewardTokenGetters: names } = farmContracts[farm.kind];
  plan.add<Address>(
    { label: `farm ${address}: stakingToken()`, address, abi, functionName: 'stakingToken' },
    (v) => {
      entry.stakingToken = v;
    },
  );
  names.forEach((functionName, k) => {
    plan.add<Address>({ label: `farm ${address}: ${functionName}()`, address, abi, functionName }, (v) => {
      entry.rewardTokens[k] = v;
      if (k === names.length - 1) cache.farms.set(cache.key(farm), entry);
    });
  });
}

function planPairStructure(plan: ReadPlan, address: Address, cache: StructureCache): void {
  const entry = { token0: '0x' as Address, token1: '0x' as Address, factory: '0x' as Address };
  const abi = pair.abi;
  for (const functionName of ['token0', 'token1', 'factory'] as const) {
    plan.add<Address>({ label: `pair ${address}: ${functionName}()`, address, abi, functionName }, (v) => {
      entry[functionName] = v;
      if (functionName === 'factory') cache.pairs.set(address.toLowerCase(), entry);
    });
  }
}

function planFarmDynamic(plan: ReadPlan, farm: FarmRef, stakingToken: Address, accounts: Address[]): Dynamic {
  const { address, kind } = farm;
  const { farmAbi: abi, rewardRateGetters, earnedGetters, canPause } = farmContracts[kind];
  const d: Dynamic = {
    address,
    kind,
    reserves: [0n, 0n],
    pairSupply: 0n,
    rates: [],
    periodFinish: 0n,
    totalSupply: 0n,
    isPaused: false,
    positions: accounts.map((account) => ({ account, staked: 0n, earned: [] })),
  };
  const farmRead = (functionName: string, apply: (v: never) => void, args?: readonly unknown[], who = '') =>
    plan.add({ label: `farm ${address}: ${functionName}(${who})`, address, abi, functionName, args }, apply);
  plan.add<readonly [bigint, bigint, number]>(
    {
      label: `pair ${stakingToken}: getReserves()`,
      address: stakingToken,
      abi: pair.abi,
      functionName: 'getReserves',
    },
    (v) => {
      d.reserves = [v[0], v[1]];
    },
  );
  plan.add<bigint>(
    {
      label: `pair ${stakingToken}: totalSupply()`,
      address: stakingToken,
      abi: pair.abi,
      functionName: 'totalSupply',
    },
    (v) => {
      d.pairSupply = v;
    },
  );
  farmRead('totalSupply', (v: bigint) => {
    d.totalSupply = v;
  });
  farmRead('periodFinish', (v: bigint) => {
    d.periodFinish = v;
  });
  rewardRateGetters.forEach((name, k) => {
    farmRead(name, (v: bigint) => {
      d.rates[k] = v;
    });
  });
  if (canPause) {
    farmRead('paused', (v: boolean) => {
      d.isPaused = v;
    });
  }
  d.positions.forEach((position) => {
    const args = [position.account] as const;
    farmRead(
      'balanceOf',
      (v: bigint) => {
        position.staked = v;
      },
      args,
      position.account,
    );
    earnedGetters.forEach((name, k) => {
      farmRead(
        name,
        (v: bigint) => {
          position.earned[k] = v;
        },
        args,
        position.account,
      );
    });
  });
  return d;
}

/** Prices planned into the same aggregate3 as the snapshot reads (see OnchainPriceSource.planPrices). */
type PlanPrices = (plan: ReadPlan, tokens: Address[]) => () => Map<string, OnchainPrice>;

/**
 * Reads everything a pool, farm and position snapshot needs for `farms` x `accounts` in one aggregate3:
 * the block number and timestamp (Multicall3), pair reserves and supply, farm supply, reward rates,
 * period end, stakes, earnings, token metadata not yet known, and, with `planPrices`, the on-chain
 * price reads, all seeing the same state. Warm (structure cached, e.g. by the wizard's classification
 * or an earlier refresh): 1 HTTP request. Cold: 3 (farm structure, then pair structure, then the rest).
 * Only functions QuickSwap's deployed farms have are read (no rewardsDuration()).
 * Any failed required read throws ReadFailedError naming it; transport trouble throws ChainUnavailableError.
 * @example
 * const read = await readFarmSnapshots(chain, { farms: [{ address: farm, kind: 'lp' }], accounts: [wallet] });
 * read.blockNumber; read.farms[0].positions[0].staked;
 */
export async function readFarmSnapshots(
  chain: ChainClient,
  options: ReadFarmSnapshotsOptions,
): Promise<FarmSnapshotsRead> {
  const cache = options.cache ?? getStructureCache(chain);
  const farms = options.farms.map((f) => ({
    address: getAddress(f.address),
    kind: f.kind,
    accounts: (f.accounts ?? options.accounts).map((a) => getAddress(a)),
  }));
  const budget = options.maxCalldataBytes;

  // Immutable structure, at latest (it never changes), only what no earlier read taught us.
  const farmPlan = new ReadPlan();
  for (const farm of farms) if (!cache.farms.has(cache.key(farm))) planFarmStructure(farmPlan, farm, cache);
  await farmPlan.run(chain, 'latest', budget);
  const pairPlan = new ReadPlan();
  for (const farm of farms) {
    const { stakingToken } = cache.farms.get(cache.key(farm))!;
    if (!cache.pairs.has(stakingToken.toLowerCase())) planPairStructure(pairPlan, stakingToken, cache);
  }
  await pairPlan.run(chain, 'latest', budget);

  // One aggregate3: the block, token metadata not yet known, every changing value, and the prices.
  const plan = new ReadPlan();
  const block = plan.addBlock(chain.multicall3Address);
  const plannedTokens = new Set<string>();
  const tokens = new Map<string, Address>();
  const planToken = (address: Address) => {
    const key = address.toLowerCase();
    tokens.set(key, address);
    if (cache.tokens.has(key) || plannedTokens.has(key)) return;
    plannedTokens.add(key);
    planTokenReads(plan, address, (token) => cache.tokens.set(key, token));
  };
  const dynamics = farms.map((farm) => {
    const structure = cache.farms.get(cache.key(farm))!;
    const pairInfo = cache.pairs.get(structure.stakingToken.toLowerCase())!;
    for (const token of [pairInfo.token0, pairInfo.token1, ...structure.rewardTokens]) planToken(token);
    return planFarmDynamic(plan, farm, structure.stakingToken, farm.accounts);
  });
  const computePrices = options.planPrices?.(plan, [...tokens.values()]);
  await plan.run(chain, options.block ?? 'latest', budget);

  const tokenOf = (address: Address) => cache.tokens.get(address.toLowerCase())!;
  return {
    blockNumber: block.number,
    blockTimestamp: block.timestamp,
    onchainPrices: computePrices?.() ?? new Map(),
    farms: farms.map((farm, i) => {
      const structure = cache.farms.get(cache.key(farm))!;
      const pairInfo = cache.pairs.get(structure.stakingToken.toLowerCase())!;
      const { reserves, pairSupply, rates, ...d } = dynamics[i]!;
      return {
        ...d,
        stakingToken: structure.stakingToken,
        pair: {
          address: structure.stakingToken,
          factory: pairInfo.factory,
          token0: tokenOf(pairInfo.token0),
          token1: tokenOf(pairInfo.token1),
          reserve0: reserves[0],
          reserve1: reserves[1],
          totalSupply: pairSupply,
        },
        rewards: structure.rewardTokens.map((token, k) => ({ token: tokenOf(token), rewardRate: rates[k]! })),
      };
    }),
  };
}
