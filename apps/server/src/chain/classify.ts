import {
  pair,
  stakingDualRewards,
  stakingRewards,
  stakingRewardsRegistry,
  testErc20,
} from '@tidewatch/contracts';
import { type Address, type Hex, zeroAddress } from 'viem';
import type { ChainClient } from './client.ts';
import { decodeStringOrBytes32 } from './erc20.ts';
import { type AddressCandidate, extractAddresses } from './extract-addresses.ts';
import { executeReads, type ReadCall, type ReadOutcome } from './multicall.ts';

export type FarmMatch = {
  kind: 'lp' | 'dual';
  address: Address;
  stakingToken: Address;
  rewardTokens: Address[];
  /** Set when the user pasted the pair and the staking registry named its farm. */
  viaPair?: Address;
};

export type ProbeResult =
  | ({ isFarm: true; candidate: AddressCandidate } & FarmMatch)
  | {
      isFarm: false;
      candidate: AddressCandidate;
      found: 'pair' | 'token' | 'unknown-contract' | 'no-contract';
      /** Says what the address is instead, e.g. 'that address is an ERC-20 token (QUICK), not a farm'. */
      message: string;
    };

export type Classification = {
  /** The farm to import: the first candidate that is (or leads to) a farm; null when none does. */
  farm: FarmMatch | null;
  /** Why nothing matched (about the most specific candidate); null when a farm was found. */
  message: string | null;
  results: ProbeResult[];
};

export type ClassifyOptions = {
  /** StakingRewardsFactory-like registries (`stakingRewardsInfoByStakingToken`), to go from a pair to its farm. */
  lpFarmRegistry?: Address;
  dualFarmRegistry?: Address;
};

const probes = (address: Address, options: ClassifyOptions) => {
  const call = (
    abi: ReadCall['abi'],
    functionName: string,
    args?: readonly unknown[],
    decode?: ReadCall['decode'],
  ) => ({
    label: `${address}: ${functionName}()`,
    address,
    abi,
    functionName,
    args,
    decode,
  });
  const registry = (at: Address | undefined) =>
    at
      ? [{ ...call(stakingRewardsRegistry.abi, 'stakingRewardsInfoByStakingToken', [address]), address: at }]
      : [];
  return [
    call(stakingDualRewards.abi, 'rewardsTokenA'),
    call(stakingDualRewards.abi, 'rewardsTokenB'),
    call(stakingRewards.abi, 'rewardsToken'),
    call(stakingRewards.abi, 'stakingToken'),
    call(pair.abi, 'token0'),
    call(pair.abi, 'token1'),
    call(pair.abi, 'getReserves'),
    call(testErc20.abi, 'symbol', undefined, decodeStringOrBytes32),
    call(testErc20.abi, 'decimals'),
    ...registry(options.lpFarmRegistry),
    ...registry(options.dualFarmRegistry),
  ];
};

function interpret(
  candidate: AddressCandidate,
  outcomes: ReadOutcome[],
  code: Hex,
  options: ClassifyOptions,
): ProbeResult {
  const value = (i: number) => {
    const o = outcomes[i];
    return o?.isOk ? o.value : undefined;
  };
  const addressAt = (i: number) => value(i) as Address | undefined;
  const [tokenA, tokenB, rewardsToken, stakingToken, token0, token1] = [0, 1, 2, 3, 4, 5].map(addressAt);
  const reserves = value(6);
  const symbol = value(7) as string | undefined;
  const decimals = value(8) as number | undefined;
  const { address } = candidate;
  if (tokenA && tokenB && stakingToken) {
    return { isFarm: true, candidate, kind: 'dual', address, stakingToken, rewardTokens: [tokenA, tokenB] };
  }
  if (rewardsToken && stakingToken) {
    return { isFarm: true, candidate, kind: 'lp', address, stakingToken, rewardTokens: [rewardsToken] };
  }
  if (token0 && token1 && reserves) {
    // Registries answer (farm, reward amount, duration); address(0) means no farm for this pair.
    let next = 9;
    for (const [registry, kind] of [
      [options.lpFarmRegistry, 'lp'],
      [options.dualFarmRegistry, 'dual'],
    ] as const) {
      if (!registry) continue;
      const info = value(next++) as readonly [Address, bigint, bigint] | undefined;
      if (info && info[0] !== zeroAddress) {
        return {
          isFarm: true,
          candidate,
          kind,
          address: info[0],
          stakingToken: address,
          rewardTokens: [],
          viaPair: address,
        };
      }
    }
    const hasRegistry = options.lpFarmRegistry !== undefined || options.dualFarmRegistry !== undefined;
    return {
      isFarm: false,
      candidate,
      found: 'pair',
      message: `that address is a liquidity pool (pair${symbol ? ` ${symbol}` : ''}), not a farm${hasRegistry ? ', and no farm stakes it' : ''}`,
    };
  }
  if (symbol !== undefined && decimals !== undefined) {
    return {
      isFarm: false,
      candidate,
      found: 'token',
      message: `that address is an ERC-20 token (${symbol}), not a farm`,
    };
  }
  if (code === '0x')
    return { isFarm: false, candidate, found: 'no-contract', message: 'no contract at that address' };
  return {
    isFarm: false,
    candidate,
    found: 'unknown-contract',
    message: 'that address is a contract, but not a farm, pool or token we recognise',
  };
}

/**
 * Finds the farm in what the user pasted: every address in it is probed in one batched request
 * (one aggregate3 plus eth_getCode per address). A pair leads to its farm through the registries.
 * A farm found by the registry has `rewardTokens` empty: read the farm itself for them.
 * @example const { farm, message } = await classifyInput(chain, 'https://quickswap.exchange/#/quick/0x…/0x…/0x…');
 */
export async function classifyInput(
  chain: ChainClient,
  input: string,
  options: ClassifyOptions = {},
): Promise<Classification> {
  const candidates = extractAddresses(input);
  if (candidates.length === 0) {
    return { farm: null, message: 'no 0x address found in what you pasted', results: [] };
  }
  const perCandidate = candidates.map((c) => probes(c.address, options));
  const [outcomes, ...codes] = await Promise.all([
    executeReads(chain, perCandidate.flat(), { block: 'latest' }),
    ...candidates.map((c) => chain.request('eth_getCode', [c.address, 'latest']) as Promise<Hex>),
  ]);
  let offset = 0;
  const results = candidates.map((candidate, i) => {
    const count = perCandidate[i]!.length;
    const slice = outcomes.slice(offset, offset + count);
    offset += count;
    return interpret(candidate, slice, codes[i] ?? '0x', options);
  });
  const farmResult = results.find((r) => r.isFarm);
  if (farmResult?.isFarm) {
    const { isFarm: _, candidate: __, ...farm } = farmResult;
    return { farm, message: null, results };
  }
  const first = results[0];
  return { farm: null, message: first && !first.isFarm ? first.message : null, results };
}
