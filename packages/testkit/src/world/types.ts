import type { Address } from 'viem';
import type { TestAccount } from './accounts.ts';
import type { FarmKey, PairKey, TokenKey } from './spec.ts';

export type WorldToken = {
  key: TokenKey;
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  /** The USD price the pools imply; null for the token no price source knows. */
  usdPrice: number | null;
  /** True when name() and symbol() return bytes32 instead of string. */
  isBytes32: boolean;
};

export type WorldPair = {
  key: PairKey;
  address: Address;
  /** Sorted by address, as the pair contract stores them. */
  token0: Address;
  token1: Address;
  tokenA: TokenKey;
  tokenB: TokenKey;
  /** Reserves in base units after all seeding (deployer + user liquidity). */
  reserveA: bigint;
  reserveB: bigint;
};

type WorldFarmBase = {
  key: FarmKey;
  address: Address;
  pair: Address;
  pairKey: PairKey;
  /** The pair's tokens in display order (the order used in QuickSwap farm URLs). */
  tokens: readonly [TokenKey, TokenKey];
  tokenAddresses: readonly [Address, Address];
  isEnded: boolean;
  isPaused: boolean;
  /** Deployed by the factory but never notified: periodFinish 0, rewardRate 0. */
  isUnfunded: boolean;
  /** LP tokens the user has staked (0n when it has no position). */
  userStake: bigint;
  /** quickswap.exchange URL for the farm (a string only; nothing is fetched). */
  url: string;
};

type WorldLpFarm = WorldFarmBase & {
  kind: 'lp';
  rewardTokens: readonly [TokenKey];
  rewardTokenAddresses: readonly [Address];
  /** Reward amounts in base units for the whole period. */
  rewardAmounts: readonly [bigint];
};

type WorldDualFarm = WorldFarmBase & {
  kind: 'dual';
  rewardTokens: readonly [TokenKey, TokenKey];
  rewardTokenAddresses: readonly [Address, Address];
  rewardAmounts: readonly [bigint, bigint];
};

export type WorldFarm = WorldLpFarm | WorldDualFarm;

export type World = {
  chainId: number;
  rpcUrl: string;
  multicall3: Address;
  factory: Address;
  /**
   * Uniswap V2's Router02 (the published bytecode QuickSwap's V2 router runs) over `factory`, with WMATIC
   * as its WETH: removeLiquidity, removeLiquidityWithPermit.
   */
  router: Address;
  /** QuickSwap's StakingRewardsFactory (LP farms) and StakingRewardsDualFactory (dual farms). */
  lpFarmFactory: Address;
  dualFarmFactory: Address;
  /** QuickSwap's QUICK converter: quickToQuickX pays 1000 new QUICK per old QUICK. */
  quickConverter: Address;
  /** StakingRewards-shaped contracts that are not LP farms, to be refused. */
  notLpFarms: {
    /** Stakes dQUICK (a token, not a pair), pays WMATIC. */
    syrupPool: Address;
    /** A Uniswap V2 pair of another factory (another exchange), and a farm staking it. */
    otherExchangePair: Address;
    otherExchangeFarm: Address;
  };
  tokens: Record<TokenKey, WorldToken>;
  pairs: Record<PairKey, WorldPair>;
  farms: Record<FarmKey, WorldFarm>;
  accounts: { deployer: TestAccount; user: TestAccount; idle: TestAccount };
  /** Block number right after deployment (time already advanced). */
  deployedAtBlock: bigint;
};
