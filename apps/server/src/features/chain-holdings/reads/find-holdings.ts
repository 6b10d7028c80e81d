import { v3Abis } from '@tidewatch/contracts';
import type { FarmKind } from '@tidewatch/shared';
import type { ChainEntry } from '@tidewatch/shared/chain-registry';
import { integralAbis } from '@tidewatch/shared/integral-abis';
import {
  type Address,
  decodeAbiParameters,
  decodeFunctionResult,
  encodeDeployData,
  getAddress,
  type Hex,
  zeroAddress,
} from 'viem';
import type { ChainClient } from '../../../core/chain/client.ts';
import { ReadFailedError } from '../../../core/chain/errors.ts';
import { runLens } from '../../../core/chain/lens.ts';
import { chainWalletLensCode } from './chain-wallet-lens-code.ts';

/** How many V2 pairs one lens call walks through (factory.allPairs): more pairs take another call. */
const pairsPerLensCall = 3_000n;

/**
 * What the lens looks at on one chain: its concentrated-liquidity positions (Polygon's V3 = Algebra V1.0, with its
 * FarmingCenter; Base's V4 = Algebra Integral), its V2 factory's pairs (walked: Base), the listed syrup pools and
 * the V2 farms (Polygon's index: single and dual rewards). Absent parts are not read.
 */
export type ChainHoldingsScope = {
  name: string;
  concentrated: {
    product: 'v3' | 'v4';
    positionManager: Address;
    poolDeployer: Address;
    poolInitCodeHash: Hex;
    farmingCenter: Address | null;
  } | null;
  v2Factory: Address | null;
  syrups: readonly Address[];
  lpFarms: readonly Address[];
  dualFarms: readonly Address[];
};

/** A chain beside Polygon as its registry entry describes it: V4 (Integral), V2 pairs walked, its syrups. */
export function registryScope(entry: ChainEntry): ChainHoldingsScope {
  const { v2, v4, syrups } = entry.products;
  return {
    name: entry.name,
    concentrated: v4
      ? {
          product: 'v4',
          positionManager: v4.positionManager,
          poolDeployer: v4.poolDeployer,
          poolInitCodeHash: v4.poolInitCodeHash,
          farmingCenter: null,
        }
      : null,
    v2Factory: v2?.factory ?? null,
    syrups: syrups?.pools ?? [],
    lpFarms: [],
    dualFarms: [],
  };
}

const lensConstructor = [
  {
    type: 'constructor',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'wallet', type: 'address' },
      {
        name: 'concentrated',
        type: 'tuple',
        components: [
          { name: 'positionManager', type: 'address' },
          { name: 'poolDeployer', type: 'address' },
          { name: 'poolInitCodeHash', type: 'bytes32' },
          { name: 'farmingCenter', type: 'address' },
          { name: 'hasDeployer', type: 'bool' },
        ],
      },
      { name: 'v2Factory', type: 'address' },
      { name: 'pairsFrom', type: 'uint256' },
      { name: 'pairsMax', type: 'uint256' },
      {
        name: 'stakings',
        type: 'tuple',
        components: [
          { name: 'single', type: 'address[]' },
          { name: 'dual', type: 'address[]' },
        ],
      },
    ],
  },
] as const;

const lensAnswer = [
  { name: 'blockNumber', type: 'uint256' },
  { name: 'blockTimestamp', type: 'uint256' },
  { name: 'nfts', type: 'bytes[]' },
  { name: 'v2', type: 'bytes[]' },
  { name: 'pairCount', type: 'uint256' },
  { name: 'stakes', type: 'bytes' },
] as const;

const nftEntry = [
  { type: 'uint256' },
  { type: 'bool' },
  { type: 'bytes' },
  { type: 'address' },
  { type: 'bytes' },
] as const;
const poolStateEntry = [
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'uint256' },
  { type: 'uint256' },
] as const;
const v2Entry = [
  { type: 'address' },
  { type: 'uint256' },
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'uint256' },
] as const;
const bytesList = [{ type: 'bytes[]' }, { type: 'bytes[]' }] as const;
const singleEntry = [
  { type: 'address' },
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'bytes' },
] as const;
const dualEntry = singleEntry;
const twoBytes = [{ type: 'bytes' }, { type: 'bytes' }] as const;
const stakingStateEntry = [
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'bytes' },
] as const;

/**
 * A concentrated-liquidity position (Algebra V1.0 on Polygon, Integral on Base) with what its value and fees are
 * worked out from, all at the lens's block.
 */
export type FoundConcentratedPosition = {
  product: 'v3' | 'v4';
  tokenId: bigint;
  /** Deposited in Algebra farming (Polygon's FarmingCenter holds it for the wallet). */
  isFarmed: boolean;
  token0: Address;
  token1: Address;
  /** A custom pool's deployer (Integral); zero for the factory's pools and on Algebra V1.0. */
  deployer: Address;
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
  feeGrowthInside0LastX128: bigint;
  feeGrowthInside1LastX128: bigint;
  tokensOwed0: bigint;
  tokensOwed1: bigint;
  pool: Address;
  sqrtPriceX96: bigint;
  tick: number;
  lowerOuterFeeGrowth: readonly [bigint, bigint];
  upperOuterFeeGrowth: readonly [bigint, bigint];
  totalFeeGrowth: readonly [bigint, bigint];
};

type FoundV2Holding = {
  pair: Address;
  balance: bigint;
  token0: Address;
  token1: Address;
  reserve0: bigint;
  reserve1: bigint;
  totalSupply: bigint;
};

/** A V2 pair's state, as a stake of its LP is valued. */
type PairState = {
  token0: Address;
  token1: Address;
  reserve0: bigint;
  reserve1: bigint;
  totalSupply: bigint;
};

/** A stake in a syrup pool or a V2 farm (single or dual rewards) where the wallet has stake or rewards. */
type FoundStake = {
  kind: 'syrup' | FarmKind;
  contract: Address;
  staked: bigint;
  stakingToken: Address;
  /** Each reward token with what the wallet earned of it (A then B on a dual farm). */
  earned: { token: Address; amount: bigint }[];
  periodFinish: bigint;
  /** The staking token's pair state when it is a V2 pair (a farm's LP); null for a syrup's QUICK. */
  pair: PairState | null;
};

export type FoundHoldings = {
  block: { number: bigint; timestamp: bigint };
  positions: FoundConcentratedPosition[];
  v2: FoundV2Holding[];
  stakes: FoundStake[];
  /** JSON-RPC requests the find took (one per lens call). */
  requests: number;
};

const failed = (label: string, blockNumber: bigint) =>
  new ReadFailedError([{ label, reason: 'reverted or answered nothing' }], { blockNumber });

const word = (data: Hex, label: string, blockNumber: bigint) => {
  if (data === '0x' || data.length < 66) throw failed(label, blockNumber);
  return data;
};
const decodeAddress = (data: Hex, label: string, blockNumber: bigint) =>
  getAddress(decodeAbiParameters([{ type: 'address' }], word(data, label, blockNumber))[0]);
const decodeUint = (data: Hex, label: string, blockNumber: bigint) =>
  decodeAbiParameters([{ type: 'uint256' }], word(data, label, blockNumber))[0];

/** positions() of either position manager, as one shape (Algebra V1.0 has no deployer: zero). */
function decodePosition(product: 'v3' | 'v4', data: Hex) {
  if (product === 'v4') {
    const [, , token0, token1, deployer, tickLower, tickUpper, liquidity, inside0, inside1, owed0, owed1] =
      decodeFunctionResult({ abi: integralAbis.positionManager, functionName: 'positions', data });
    return { token0, token1, deployer, tickLower, tickUpper, liquidity, inside0, inside1, owed0, owed1 };
  }
  const [, , token0, token1, tickLower, tickUpper, liquidity, inside0, inside1, owed0, owed1] =
    decodeFunctionResult({ abi: v3Abis.positionManager, functionName: 'positions', data });
  return {
    token0,
    token1,
    deployer: zeroAddress,
    tickLower,
    tickUpper,
    liquidity,
    inside0,
    inside1,
    owed0,
    owed1,
  };
}

/** A pool's sqrt price and tick, and a tick's outer fee growth, of either Algebra version. */
function decodePoolState(product: 'v3' | 'v4', global: Hex, lower: Hex, upper: Hex) {
  const abi = product === 'v4' ? integralAbis.pool : v3Abis.pool;
  const [sqrtPriceX96, tick] = decodeFunctionResult({ abi, functionName: 'globalState', data: global });
  // Integral's ticks() puts the outer fee growth after prevTick and nextTick (4, 5); Algebra V1.0's at 2, 3.
  const at = product === 'v4' ? 4 : 2;
  const outer = (data: Hex) => {
    const answer = decodeFunctionResult({ abi, functionName: 'ticks', data }) as readonly unknown[];
    return [answer[at] as bigint, answer[at + 1] as bigint] as const;
  };
  return { sqrtPriceX96, tick, lower: outer(lower), upper: outer(upper) };
}

function decodeNft(product: 'v3' | 'v4', entry: Hex, blockNumber: bigint): FoundConcentratedPosition {
  const [tokenId, isFarmed, positionRaw, pool, stateRaw] = decodeAbiParameters(nftEntry, entry);
  const label = (what: string) => `${product.toUpperCase()} position ${tokenId}: ${what}`;
  const position = decodePosition(product, word(positionRaw, label('positions()'), blockNumber));
  const [globalRaw, lowerRaw, upperRaw, fee0, fee1] = decodeAbiParameters(
    poolStateEntry,
    word(stateRaw, label(`pool ${pool}`), blockNumber),
  );
  const inPool = (data: Hex, what: string) => word(data, label(`pool ${pool}: ${what}`), blockNumber);
  const state = decodePoolState(
    product,
    inPool(globalRaw, 'globalState()'),
    inPool(lowerRaw, `ticks(${position.tickLower})`),
    inPool(upperRaw, `ticks(${position.tickUpper})`),
  );
  return {
    product,
    tokenId,
    isFarmed,
    token0: getAddress(position.token0),
    token1: getAddress(position.token1),
    deployer: getAddress(position.deployer),
    tickLower: position.tickLower,
    tickUpper: position.tickUpper,
    liquidity: position.liquidity,
    feeGrowthInside0LastX128: position.inside0,
    feeGrowthInside1LastX128: position.inside1,
    tokensOwed0: position.owed0,
    tokensOwed1: position.owed1,
    pool: getAddress(pool),
    sqrtPriceX96: state.sqrtPriceX96,
    tick: state.tick,
    lowerOuterFeeGrowth: state.lower,
    upperOuterFeeGrowth: state.upper,
    totalFeeGrowth: [fee0, fee1],
  };
}

const decodeReserves = (data: Hex, label: string, blockNumber: bigint) => {
  const [reserve0, reserve1] = decodeAbiParameters(
    [{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }],
    word(data, label, blockNumber),
  );
  return { reserve0, reserve1 };
};

function decodeV2(entry: Hex, blockNumber: bigint): FoundV2Holding {
  const [pair, balance, token0Raw, token1Raw, reservesRaw, totalSupply] = decodeAbiParameters(v2Entry, entry);
  const label = (what: string) => `V2 pair ${pair}: ${what}`;
  return {
    pair: getAddress(pair),
    balance,
    token0: decodeAddress(token0Raw, label('token0()'), blockNumber),
    token1: decodeAddress(token1Raw, label('token1()'), blockNumber),
    ...decodeReserves(reservesRaw, label('getReserves()'), blockNumber),
    totalSupply,
  };
}

/** A stake's staking token, end and (when that token is a V2 pair) the pair's state. */
function decodeStakingState(data: Hex, label: (what: string) => string, blockNumber: bigint) {
  const [tokenRaw, finishRaw, token0Raw, token1Raw, reservesRaw, supplyRaw] = decodeAbiParameters(
    stakingStateEntry,
    data,
  );
  const stakingToken = decodeAddress(tokenRaw, label('stakingToken()'), blockNumber);
  const isPair = token0Raw !== '0x' && token1Raw !== '0x' && reservesRaw !== '0x' && supplyRaw !== '0x';
  const what = (call: string) => label(`staking token ${stakingToken}: ${call}`);
  return {
    stakingToken,
    periodFinish: decodeUint(finishRaw, label('periodFinish()'), blockNumber),
    pair: isPair
      ? {
          token0: decodeAddress(token0Raw, what('token0()'), blockNumber),
          token1: decodeAddress(token1Raw, what('token1()'), blockNumber),
          ...decodeReserves(reservesRaw, what('getReserves()'), blockNumber),
          totalSupply: decodeUint(supplyRaw, what('totalSupply()'), blockNumber),
        }
      : null,
  };
}

function decodeSingle(entry: Hex, syrups: Set<string>, blockNumber: bigint): FoundStake {
  const [contract, stakedRaw, earnedRaw, rewardRaw, stateRaw] = decodeAbiParameters(singleEntry, entry);
  const kind = syrups.has(contract.toLowerCase()) ? 'syrup' : 'lp';
  const label = (what: string) => `${kind === 'syrup' ? 'syrup' : 'farm'} ${contract}: ${what}`;
  return {
    kind,
    contract: getAddress(contract),
    staked: decodeUint(stakedRaw, label('balanceOf()'), blockNumber),
    earned: [
      {
        token: decodeAddress(rewardRaw, label('rewardsToken()'), blockNumber),
        amount: decodeUint(earnedRaw, label('earned()'), blockNumber),
      },
    ],
    ...decodeStakingState(stateRaw, label, blockNumber),
  };
}

function decodeDual(entry: Hex, blockNumber: bigint): FoundStake {
  const [contract, stakedRaw, earnedRaw, rewardsRaw, stateRaw] = decodeAbiParameters(dualEntry, entry);
  const label = (what: string) => `dual farm ${contract}: ${what}`;
  const [earnedA, earnedB] = decodeAbiParameters(twoBytes, earnedRaw);
  const [tokenA, tokenB] = decodeAbiParameters(twoBytes, rewardsRaw);
  return {
    kind: 'dual',
    contract: getAddress(contract),
    staked: decodeUint(stakedRaw, label('balanceOf()'), blockNumber),
    earned: [
      {
        token: decodeAddress(tokenA, label('rewardsTokenA()'), blockNumber),
        amount: decodeUint(earnedA, label('earnedA()'), blockNumber),
      },
      {
        token: decodeAddress(tokenB, label('rewardsTokenB()'), blockNumber),
        amount: decodeUint(earnedB, label('earnedB()'), blockNumber),
      },
    ],
    ...decodeStakingState(stateRaw, label, blockNumber),
  };
}

/**
 * Everything `wallet` holds in QuickSwap on one chain, in ONE eth_call whatever its number (issue 47): the lens
 * (chain-wallet-lens.sol) lists its concentrated-liquidity NFTs (held, and on Polygon deposited in farming) with
 * their pools' state and fee growth, the V2 pairs whose LP it holds (walking the factory's pairs, where the scope
 * names a factory), and its stakes in the listed syrup pools and V2 farms. A chain with more V2 pairs than one call
 * walks takes one more call per `pairsPerLensCall`, at the first call's block.
 * @example const found = await findChainHoldings(chain, registryScope(baseChain), wallet);
 */
export async function findChainHoldings(
  chain: ChainClient,
  scope: ChainHoldingsScope,
  wallet: Address,
  at: bigint | 'latest' = 'latest',
): Promise<FoundHoldings> {
  const { concentrated } = scope;
  const none = {
    positionManager: zeroAddress,
    poolDeployer: zeroAddress,
    poolInitCodeHash: `0x${'0'.repeat(64)}` as Hex,
    farmingCenter: zeroAddress,
    hasDeployer: false,
  };
  const lensCall = (pairsFrom: bigint, isFirst: boolean) =>
    encodeDeployData({
      abi: lensConstructor,
      bytecode: chainWalletLensCode,
      args: [
        wallet,
        isFirst && concentrated
          ? {
              positionManager: concentrated.positionManager,
              poolDeployer: concentrated.poolDeployer,
              poolInitCodeHash: concentrated.poolInitCodeHash,
              farmingCenter: concentrated.farmingCenter ?? zeroAddress,
              hasDeployer: concentrated.product === 'v4',
            }
          : none,
        scope.v2Factory ?? zeroAddress,
        pairsFrom,
        pairsPerLensCall,
        isFirst
          ? { single: [...scope.syrups, ...scope.lpFarms], dual: [...scope.dualFarms] }
          : { single: [], dual: [] },
      ],
    });
  const label = `QuickSwap holdings of ${wallet} on ${scope.name}`;
  const first = await runLens(chain, { data: lensCall(0n, true), answer: lensAnswer, label }, at);
  const [blockNumber, blockTimestamp, nftRaw, v2Raw, pairCount, stakesRaw] = first;
  const v2Entries = [...v2Raw];
  let requests = 1;
  for (let from = pairsPerLensCall; from < pairCount; from += pairsPerLensCall) {
    const more = await runLens(
      chain,
      { data: lensCall(from, false), answer: lensAnswer, label },
      blockNumber,
    );
    v2Entries.push(...more[3]);
    requests += 1;
  }
  const [singleRaw, dualRaw] = decodeAbiParameters(bytesList, stakesRaw);
  const syrups = new Set(scope.syrups.map((pool) => pool.toLowerCase()));
  const product = concentrated?.product ?? 'v4';
  return {
    block: { number: blockNumber, timestamp: blockTimestamp },
    positions: nftRaw.map((raw) => decodeNft(product, raw, blockNumber)),
    v2: v2Entries.map((raw) => decodeV2(raw, blockNumber)),
    stakes: [
      ...singleRaw.map((raw) => decodeSingle(raw, syrups, blockNumber)),
      ...dualRaw.map((raw) => decodeDual(raw, blockNumber)),
    ],
    requests,
  };
}
