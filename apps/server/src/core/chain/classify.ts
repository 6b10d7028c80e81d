import {
  pair,
  stakingDualRewards,
  stakingRewards,
  stakingRewardsFactory,
  testErc20,
} from '@tidewatch/contracts';
import type { FarmKind } from '@tidewatch/shared';
import { shortenAddress } from '@tidewatch/shared';
import { type Address, getAddress, type Hex, isAddressEqual, size, sliceHex, zeroAddress } from 'viem';
import type { ChainClient } from './client.ts';
import { decodeStringOrBytes32 } from './erc20.ts';
import { executeReads, type ReadCall, type ReadOutcome } from './multicall.ts';
import { candidatesOf, type Paste, parsePaste, refusals } from './quickswap-urls.ts';
import { getStructureCache } from './structure-cache.ts';

type FarmMatch = {
  kind: FarmKind;
  address: Address;
  stakingToken: Address;
  rewardTokens: Address[];
  /** Set when the user pasted the pair and a staking-rewards factory named its farm. */
  viaPair?: Address;
};

export type Classification = {
  paste: Paste;
  /** The farm to import, verified (it stakes a QuickSwap pair); null when none. */
  farm: FarmMatch | null;
  /** Why nothing matched, said to the user; null when a farm was found. */
  message: string | null;
};

export type ClassifyOptions = {
  /** QuickSwap's pair factory: a farm's staking token must be one of its pairs. */
  pairFactory: Address;
  /** QuickSwap's StakingRewardsFactory and StakingRewardsDualFactory generations, to go from a pair to its farms. */
  lpFarmFactories: Address[];
  dualFarmFactories: Address[];
  /** The wizard asking: when a pair has both kinds of farm, this kind wins. */
  preferKind?: FarmKind;
};

/**
 * The first word of a factory's `stakingRewardsInfoByStakingToken` answer: the farm. Older factory
 * generations answer two values, newer ones three (LP) or six (dual); the farm is always first.
 */
const firstAddress = (data: Hex): Address => {
  if (size(data) < 32) throw new Error('short answer');
  return getAddress(sliceHex(data, 12, 32));
};

type Probe = { call: ReadCall; name: string };

function probesOf(at: Address, options: ClassifyOptions): Probe[] {
  const call = (abi: ReadCall['abi'], functionName: string, extra: Partial<ReadCall> = {}): Probe => ({
    name: functionName,
    call: { label: `${at}: ${functionName}()`, address: at, abi, functionName, ...extra },
  });
  const factoryLookup = (factory: Address, kind: FarmKind): Probe => ({
    name: `${kind}:${factory}`,
    call: {
      label: `factory ${factory}: stakingRewardsInfoByStakingToken(${at})`,
      address: factory,
      abi: stakingRewardsFactory.abi,
      functionName: 'stakingRewardsInfoByStakingToken',
      args: [at],
      decode: firstAddress,
    },
  });
  return [
    call(stakingRewards.abi, 'stakingToken'),
    call(stakingRewards.abi, 'rewardsToken'),
    call(stakingDualRewards.abi, 'rewardsTokenA'),
    call(stakingDualRewards.abi, 'rewardsTokenB'),
    call(pair.abi, 'token0'),
    call(pair.abi, 'token1'),
    call(pair.abi, 'factory'),
    call(testErc20.abi, 'symbol', { decode: decodeStringOrBytes32 }),
    call(testErc20.abi, 'decimals'),
    ...options.lpFarmFactories.map((f) => factoryLookup(f, 'lp')),
    ...options.dualFarmFactories.map((f) => factoryLookup(f, 'dual')),
  ];
}

type Answers = Map<string, unknown>;
const answersOf = (probes: Probe[], outcomes: ReadOutcome[]): Answers =>
  new Map(probes.flatMap((p, i) => (outcomes[i]?.isOk ? [[p.name, outcomes[i].value] as const] : [])));

/** A farm the probe found, with the staking token it names (or, via a pair, the pair itself). */
type Candidate = Omit<FarmMatch, 'rewardTokens'>;
type Found = { farm: Candidate } | { message: string };

/** What one probed address is, from its answers: a farm (to verify), a pair leading to farms, or why not. */
function interpret(at: Address, answers: Answers, code: Hex, options: ClassifyOptions): Found {
  const has = (name: string) => answers.has(name);
  const farmViews = ['stakingToken', 'rewardsToken', 'rewardsTokenA', 'rewardsTokenB'].filter(has);
  const stakingToken = answers.get('stakingToken') as Address;
  if (has('stakingToken') && has('rewardsTokenA') && has('rewardsTokenB'))
    return { farm: { kind: 'dual', address: at, stakingToken } };
  if (has('stakingToken') && has('rewardsToken')) return { farm: { kind: 'lp', address: at, stakingToken } };
  if (farmViews.length > 0) {
    const missing = has('stakingToken')
      ? has('rewardsTokenA')
        ? 'rewardsTokenB()'
        : 'rewardsToken()'
      : 'stakingToken()';
    return {
      message: `${at} answers ${farmViews.map((n) => `${n}()`).join(' and ')} but not ${missing}: not a QuickSwap farm`,
    };
  }
  if (has('token0') && has('token1') && has('factory')) {
    const factory = answers.get('factory') as Address;
    if (!isAddressEqual(factory, options.pairFactory)) {
      return {
        message: `that address is a liquidity pool of another factory (${shortenAddress(factory)}), not a QuickSwap V2 pair: QuickSwap V3 pools and other exchanges' pairs have no farm to import; paste a QuickSwap V2 farm or pair`,
      };
    }
    const farms = [
      ...options.lpFarmFactories.map((f) => ({
        kind: 'lp' as const,
        farm: answers.get(`lp:${f}`) as Address | undefined,
      })),
      ...options.dualFarmFactories.map((f) => ({
        kind: 'dual' as const,
        farm: answers.get(`dual:${f}`) as Address | undefined,
      })),
    ].filter((f): f is { kind: FarmKind; farm: Address } => f.farm !== undefined && f.farm !== zeroAddress);
    const chosen = farms.find((f) => f.kind === options.preferKind) ?? farms[0];
    if (chosen) return { farm: { kind: chosen.kind, address: chosen.farm, stakingToken: at, viaPair: at } };
    return {
      message:
        "that address is a QuickSwap pair, but none of the configured farm factories has a farm for it: paste the farm's own address",
    };
  }
  if (has('symbol') && has('decimals')) {
    return { message: `that address is an ERC-20 token (${answers.get('symbol') as string}), not a farm` };
  }
  if (code === '0x') return { message: 'no contract at that address' };
  return { message: 'that address is a contract, but not a farm, pool or token we recognise' };
}

/**
 * Verifies a farm the probe found: reads its staking and reward tokens and what the staking token is.
 * It must be a pair of QuickSwap's factory: a syrup pool stakes a single token, and some farms stake
 * another exchange's LP token; both are refused. A verified farm's structure is cached, so the import's
 * snapshot read that follows costs one request.
 */
async function verifyFarm(
  chain: ChainClient,
  found: Candidate,
  options: ClassifyOptions,
): Promise<{ farm: FarmMatch } | { message: string }> {
  const { address, kind, stakingToken } = found;
  const farmAbi = kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi;
  const rewardNames = kind === 'lp' ? ['rewardsToken'] : ['rewardsTokenA', 'rewardsTokenB'];
  const farmCalls = ['stakingToken', ...rewardNames].map(
    (functionName): ReadCall => ({
      label: `farm ${address}: ${functionName}()`,
      address,
      abi: farmAbi,
      functionName,
    }),
  );
  const pairCalls = (['token0', 'token1', 'factory'] as const).map(
    (functionName): ReadCall => ({
      label: `pair ${stakingToken}: ${functionName}()`,
      address: stakingToken,
      abi: pair.abi,
      functionName,
    }),
  );
  const symbolCall: ReadCall = {
    label: `token ${stakingToken}: symbol()`,
    address: stakingToken,
    abi: testErc20.abi,
    functionName: 'symbol',
    decode: decodeStringOrBytes32,
  };
  const outcomes = await executeReads(chain, [...farmCalls, ...pairCalls, symbolCall], { block: 'latest' });
  const valueAt = (i: number) => (outcomes[i]?.isOk ? (outcomes[i].value as Address) : undefined);
  const [staked, ...rewards] = farmCalls.map((_, i) => valueAt(i));
  if (!staked || rewards.some((r) => !r) || !isAddressEqual(staked, stakingToken)) {
    const failed = farmCalls.filter((_, i) => !outcomes[i]!.isOk).map((c) => `${c.functionName}()`);
    return {
      message: `${address} does not answer ${failed.join(' and ') || 'stakingToken() with its pair'}: not a QuickSwap ${kind === 'lp' ? 'LP' : 'dual'} farm`,
    };
  }
  const [token0, token1, factory] = pairCalls.map((_, i) => valueAt(farmCalls.length + i));
  const symbolOutcome = outcomes[farmCalls.length + pairCalls.length];
  const symbol = symbolOutcome?.isOk ? (symbolOutcome.value as string) : shortenAddress(staked);
  if (!token0 || !token1 || !factory) {
    return {
      message: `${address} stakes ${symbol}, a single token, not a QuickSwap pair: syrup pools and single-token staking are not LP farms. Paste a liquidity-mining or dual-mining farm.`,
    };
  }
  if (!isAddressEqual(factory, options.pairFactory)) {
    return {
      message: `${address} stakes ${symbol} of another exchange (pair factory ${shortenAddress(factory)}), not a QuickSwap pair: paste a QuickSwap liquidity-mining or dual-mining farm instead`,
    };
  }
  const cache = getStructureCache(chain);
  const rewardTokens = rewards as Address[];
  cache.farms.set(cache.key({ address, kind }), { stakingToken: staked, rewardTokens });
  cache.pairs.set(staked.toLowerCase(), { token0, token1, factory });
  return { farm: { ...found, stakingToken: staked, rewardTokens } };
}

/**
 * Finds the farm in what the user pasted, in at most two batched requests: every address in it is
 * probed at once (farm views, pair views, token views, the farm factories' lookups, and its code), then
 * the farm found is verified against its staking token. Shapes that can never name a farm are refused
 * before any read.
 * @example const { farm, message } = await classifyInput(chain, 'https://quickswap.exchange/#/quick/0x…/0x…/0x…', options);
 */
export async function classifyInput(
  chain: ChainClient,
  input: string,
  options: ClassifyOptions,
): Promise<Classification> {
  const paste = parsePaste(input);
  if (paste.shape === 'refused') return { paste, farm: null, message: paste.message };
  const candidates = candidatesOf(paste);
  if (candidates.length === 0) return { paste, farm: null, message: refusals.noAddress };
  const perCandidate = candidates.map((c) => probesOf(c, options));
  const [outcomes, ...codes] = await Promise.all([
    executeReads(
      chain,
      perCandidate.flatMap((probes) => probes.map((p) => p.call)),
      { block: 'latest' },
    ),
    ...candidates.map((c) => chain.request('eth_getCode', [c, 'latest']) as Promise<Hex>),
  ]);
  let offset = 0;
  const found = candidates.map((candidate, i) => {
    const probes = perCandidate[i]!;
    const answers = answersOf(probes, outcomes.slice(offset, offset + probes.length));
    offset += probes.length;
    return interpret(candidate, answers, codes[i] ?? '0x', options);
  });
  const first = found.find((f) => 'farm' in f);
  if (!first || !('farm' in first))
    return { paste, farm: null, message: (found[0] as { message: string }).message };
  const verified = await verifyFarm(chain, first.farm, options);
  return 'farm' in verified
    ? { paste, farm: verified.farm, message: null }
    : { paste, farm: null, message: verified.message };
}
