import type { Address } from 'viem';
import type { IndexRow } from '../../../core/farm-index/index-repository.ts';

/** A token as the plan names it: its address, the symbol Tidewatch shows, its decimals. */
export type PlanToken = { address: Address; symbol: string; decimals: number };

/** An amount of one token (smallest unit). */
export type Flow = { token: PlanToken; raw: bigint };

/** A pair whose LP tokens the plan removes, as read at the plan's block. */
export type PairState = {
  address: Address;
  /** The LP token itself, named after its two tokens. */
  lp: PlanToken;
  token0: PlanToken;
  token1: PlanToken;
  reserve0: bigint;
  reserve1: bigint;
  /** What the pair holds of each token: `burn` pays out of these, not the reserves. */
  balance0: bigint;
  balance1: bigint;
  totalSupply: bigint;
  kLast: bigint;
  /** LP tokens already sitting in the pair: `burn` burns them with the caller's. */
  ownLp: bigint;
  walletLp: bigint;
  /** The wallet's allowance of this LP token for the router. */
  routerAllowance: bigint;
};

/** An ended farm where the wallet has stake or unclaimed rewards, as read at the plan's block. */
export type FarmState = {
  row: IndexRow;
  address: Address;
  pair: Address;
  staked: bigint;
  /** Reward tokens, A then B, with what the wallet has earned and what the farm holds of each. */
  rewards: PlanToken[];
  earned: bigint[];
  rewardBalances: bigint[];
};

/**
 * An ended syrup pool (a StakingRewards staking QUICK or dQUICK) where the wallet has stake or unclaimed rewards,
 * as read at the plan's block: its one reward, what it owes the wallet of it and what it holds.
 */
export type SyrupState = {
  address: Address;
  stakeToken: PlanToken;
  staked: bigint;
  rewards: [PlanToken];
  earned: [bigint];
  rewardBalances: [bigint];
};

/** Everything the plan is computed from, read at one block. */
export type RecoveryChainState = {
  wallet: Address;
  blockNumber: bigint;
  blockTimestamp: bigint;
  farms: FarmState[];
  /** Ended syrup pools (of every pool QuickSwap listed) where the wallet has something. */
  syrups: SyrupState[];
  /** Syrup pools still paying where the wallet has something (the plan exits them only when included). */
  runningSyrups: SyrupState[];
  /** By lower-case pair address. */
  pairs: Map<string, PairState>;
  /** The pairs' factory has a `feeTo`: each burn first mints the protocol's fee (Uniswap V2 `_mintFee`). */
  isFeeOn: boolean;
  /** The old Dragon's Lair (old dQUICK): its QUICK, its supply, the wallet's dQUICK. */
  lair: { token: PlanToken; quickHeld: bigint; totalSupply: bigint; walletBalance: bigint };
  oldQuick: { token: PlanToken; walletBalance: bigint; converterAllowance: bigint };
  newQuick: { token: PlanToken; converterBalance: bigint };
};

/** The configured contracts a plan's steps call besides index farms and pairs. */
export type RecoveryContracts = {
  router: Address;
  lair: Address;
  oldQuick: Address;
  newQuick: Address;
  converter: Address;
};
