import type { Address, Hex } from 'viem';
import type { MerklReward } from '../merkl/tree.ts';
import type { TokenKey } from './spec.ts';
import type { World } from './types.ts';
import type { V3PoolKey, V3PositionKey } from './v3-spec.ts';

export type V3WorldPool = {
  key: V3PoolKey;
  address: Address;
  /** Sorted by address, as the pool stores them. */
  token0: Address;
  token1: Address;
  tokenA: TokenKey;
  tokenB: TokenKey;
  /** globalState() right after initialisation (the V2 pair's price), before any swap. */
  initialTick: number;
  initialSqrtPriceX96: bigint;
};

export type V3WorldPosition = {
  key: V3PositionKey;
  /** The position NFT's id on the NonfungiblePositionManager. */
  tokenId: bigint;
  pool: V3PoolKey;
  poolAddress: Address;
  tickLower: number;
  tickUpper: number;
  /** The liquidity minted (positions(tokenId).liquidity). */
  liquidity: bigint;
  /** Who can collect: the NFT's owner, or for a farmed position the owner of its FarmingCenter L2 NFT. */
  owner: Address;
  /** Deposited in FarmingCenter (which then holds the NFT) and entered in the eternal incentive. */
  isFarmed: boolean;
  /** The FarmingCenter L2 NFT's id (deposits(tokenId).L2TokenId) of a farmed position, else null. */
  l2TokenId: bigint | null;
};

/** Algebra V1 farming's IncentiveKey: incentiveId = keccak256(abi.encode(key)). */
export type V3IncentiveKey = {
  rewardToken: Address;
  bonusRewardToken: Address;
  pool: Address;
  startTime: bigint;
  endTime: bigint;
};

export type V3World = {
  chainId: number;
  rpcUrl: string;
  /** Algebra V1.0 core and periphery, as QuickSwap V3 runs them. */
  factory: Address;
  poolDeployer: Address;
  positionManager: Address;
  tokenDescriptor: Address;
  swapRouter: Address;
  /** Algebra V1.0 farming: FarmingCenter (with its vault), eternal and limit farming. */
  farmingCenter: Address;
  farmingCenterVault: Address;
  eternalFarming: Address;
  limitFarming: Address;
  /** WMATIC of the V2 world, the position manager's and router's WNative. */
  wNative: Address;
  pools: Record<V3PoolKey, V3WorldPool>;
  /** The user's positions by name (v3PositionSpecs). */
  positions: Record<V3PositionKey, V3WorldPosition>;
  /** The eternal incentive the farmed position is in. */
  incentive: {
    key: V3IncentiveKey;
    id: Hex;
    pool: V3PoolKey;
    rewardToken: TokenKey;
    bonusRewardToken: TokenKey;
    /** Funded totals and per-second rates, base units. */
    reward: bigint;
    bonusReward: bigint;
    rewardRate: bigint;
    bonusRewardRate: bigint;
    virtualPool: Address;
  };
  merkl: {
    /** Merkl's Distributor (restated), its governor the deployer, new trees active at once. */
    distributor: Address;
    /** The current tree's rewards, as the API would serve them: pass to startMerklServer. */
    rewards: MerklReward[];
    root: Hex;
  };
  /** The V2 world's tokens and accounts (the V3 world uses the same). */
  tokens: World['tokens'];
  accounts: World['accounts'];
  /** Block number once the V3 world is deployed (swaps done, time advanced). */
  deployedAtBlock: bigint;
};
