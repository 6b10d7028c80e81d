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

const lensConstructor = [
  {
    type: 'constructor',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'wallet', type: 'address' },
      {
        name: 'integral',
        type: 'tuple',
        components: [
          { name: 'positionManager', type: 'address' },
          { name: 'poolDeployer', type: 'address' },
          { name: 'poolInitCodeHash', type: 'bytes32' },
        ],
      },
      { name: 'v2Factory', type: 'address' },
      { name: 'pairsFrom', type: 'uint256' },
      { name: 'pairsMax', type: 'uint256' },
      { name: 'syrups', type: 'address[]' },
    ],
  },
] as const;

const lensAnswer = [
  { name: 'blockNumber', type: 'uint256' },
  { name: 'blockTimestamp', type: 'uint256' },
  { name: 'v4', type: 'bytes[]' },
  { name: 'v2', type: 'bytes[]' },
  { name: 'pairCount', type: 'uint256' },
  { name: 'syrups', type: 'bytes[]' },
] as const;

const v4Entry = [
  { type: 'uint256' },
  { type: 'bytes' },
  { type: 'address' },
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
const syrupEntry = [
  { type: 'address' },
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'bytes' },
  { type: 'bytes' },
] as const;

/** An Integral position with what its value and fees are worked out from, all at the lens's block. */
export type FoundIntegralPosition = {
  tokenId: bigint;
  token0: Address;
  token1: Address;
  /** A custom pool's deployer; zero for the factory's pools. */
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

type FoundSyrupStake = {
  pool: Address;
  staked: bigint;
  earned: bigint;
  rewardsToken: Address;
  stakingToken: Address;
  periodFinish: bigint;
};

export type FoundHoldings = {
  block: { number: bigint; timestamp: bigint };
  v4: FoundIntegralPosition[];
  v2: FoundV2Holding[];
  syrups: FoundSyrupStake[];
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

function decodeV4(entry: Hex, blockNumber: bigint): FoundIntegralPosition {
  const [tokenId, positionRaw, pool, globalRaw, lowerRaw, upperRaw, fee0, fee1] = decodeAbiParameters(
    v4Entry,
    entry,
  );
  const label = (what: string) => `V4 position ${tokenId}: ${what}`;
  const pool_ = (data: Hex, what: string) => word(data, label(what), blockNumber);
  const [, , token0, token1, deployer, tickLower, tickUpper, liquidity, inside0, inside1, owed0, owed1] =
    decodeFunctionResult({
      abi: integralAbis.positionManager,
      functionName: 'positions',
      data: word(positionRaw, label('positions()'), blockNumber),
    });
  const [sqrtPriceX96, tick] = decodeFunctionResult({
    abi: integralAbis.pool,
    functionName: 'globalState',
    data: pool_(globalRaw, `pool ${pool}: globalState()`),
  });
  const [lower, upper] = [
    [lowerRaw, tickLower],
    [upperRaw, tickUpper],
  ].map(([raw, at]) =>
    decodeFunctionResult({
      abi: integralAbis.pool,
      functionName: 'ticks',
      data: pool_(raw as Hex, `pool ${pool}: ticks(${at})`),
    }),
  );
  return {
    tokenId,
    token0: getAddress(token0),
    token1: getAddress(token1),
    deployer: getAddress(deployer),
    tickLower,
    tickUpper,
    liquidity,
    feeGrowthInside0LastX128: inside0,
    feeGrowthInside1LastX128: inside1,
    tokensOwed0: owed0,
    tokensOwed1: owed1,
    pool: getAddress(pool),
    sqrtPriceX96,
    tick,
    lowerOuterFeeGrowth: [lower![4], lower![5]],
    upperOuterFeeGrowth: [upper![4], upper![5]],
    totalFeeGrowth: [fee0, fee1],
  };
}

function decodeV2(entry: Hex, blockNumber: bigint): FoundV2Holding {
  const [pair, balance, token0Raw, token1Raw, reservesRaw, totalSupply] = decodeAbiParameters(v2Entry, entry);
  const label = (what: string) => `V2 pair ${pair}: ${what}`;
  const [reserve0, reserve1] = decodeAbiParameters(
    [{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }],
    word(reservesRaw, label('getReserves()'), blockNumber),
  );
  return {
    pair: getAddress(pair),
    balance,
    token0: decodeAddress(token0Raw, label('token0()'), blockNumber),
    token1: decodeAddress(token1Raw, label('token1()'), blockNumber),
    reserve0,
    reserve1,
    totalSupply,
  };
}

/** A syrup's stake, or null when the wallet has none there (or the pool does not answer as a syrup). */
function decodeSyrup(entry: Hex, blockNumber: bigint): FoundSyrupStake | null {
  const [pool, stakedRaw, earnedRaw, rewardsRaw, stakingRaw, finishRaw] = decodeAbiParameters(
    syrupEntry,
    entry,
  );
  const label = (what: string) => `syrup ${pool}: ${what}`;
  if (stakedRaw === '0x') return null;
  const staked = decodeUint(stakedRaw, label('balanceOf()'), blockNumber);
  const earned = decodeUint(earnedRaw, label('earned()'), blockNumber);
  if (staked === 0n && earned === 0n) return null;
  return {
    pool: getAddress(pool),
    staked,
    earned,
    rewardsToken: decodeAddress(rewardsRaw, label('rewardsToken()'), blockNumber),
    stakingToken: decodeAddress(stakingRaw, label('stakingToken()'), blockNumber),
    periodFinish: decodeUint(finishRaw, label('periodFinish()'), blockNumber),
  };
}

/**
 * Everything `wallet` holds in QuickSwap on one chain, in ONE eth_call whatever its number (issue 47): the lens
 * (chain-wallet-lens.sol) lists its Integral position NFTs with their pools' state and fee growth, the V2 pairs
 * whose LP it holds (walking the factory's pairs), and its stakes in the chain's listed syrup pools. A chain with
 * more V2 pairs than one call walks takes one more call per `pairsPerLensCall`, at the first call's block.
 * @example const found = await findChainHoldings(chain, baseChain, wallet);
 */
export async function findChainHoldings(
  chain: ChainClient,
  entry: ChainEntry,
  wallet: Address,
): Promise<FoundHoldings> {
  const { v2, v4, syrups } = entry.products;
  const lensCall = (pairsFrom: bigint, isFirst: boolean) =>
    encodeDeployData({
      abi: lensConstructor,
      bytecode: chainWalletLensCode,
      args: [
        wallet,
        isFirst && v4
          ? {
              positionManager: v4.positionManager,
              poolDeployer: v4.poolDeployer,
              poolInitCodeHash: v4.poolInitCodeHash,
            }
          : {
              positionManager: zeroAddress,
              poolDeployer: zeroAddress,
              poolInitCodeHash: `0x${'0'.repeat(64)}`,
            },
        v2?.factory ?? zeroAddress,
        pairsFrom,
        pairsPerLensCall,
        isFirst ? [...(syrups?.pools ?? [])] : [],
      ],
    });
  const label = `QuickSwap holdings of ${wallet} on ${entry.name}`;
  const first = await runLens(chain, { data: lensCall(0n, true), answer: lensAnswer, label });
  const [blockNumber, blockTimestamp, v4Raw, v2Raw, pairCount, syrupRaw] = first;
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
  return {
    block: { number: blockNumber, timestamp: blockTimestamp },
    v4: v4Raw.map((raw) => decodeV4(raw, blockNumber)),
    v2: v2Entries.map((raw) => decodeV2(raw, blockNumber)),
    syrups: syrupRaw.flatMap((raw) => decodeSyrup(raw, blockNumber) ?? []),
    requests,
  };
}
