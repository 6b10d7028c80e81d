import type { PairKey, TokenKey } from './spec.ts';

/**
 * What the QuickSwap V3 (Algebra V1.0) world contains, as data, on top of the V2 world's tokens: v3-deploy.ts
 * turns this into contracts; tests read it to know what to expect. Amounts are whole tokens; ticks of the
 * positions are offsets from the pool's starting tick (rounded down to the spacing of 60).
 */

/**
 * Pools, each started at the price of the V2 pair of the same tokens; the deployer adds wide liquidity. The
 * user's positions are in the first two.
 */
export const v3PoolSpecs = {
  'WMATIC-USDC': {
    tokenA: 'WMATIC',
    tokenB: 'USDC',
    priceFrom: 'WMATIC-USDC',
    deployerLiquidity: { ticksEachSide: 12_000, amountA: 2_000_000, amountB: 1_000_000 },
  },
  'WETH-USDC': {
    tokenA: 'WETH',
    tokenB: 'USDC',
    priceFrom: 'WETH-USDC',
    deployerLiquidity: { ticksEachSide: 12_000, amountA: 500, amountB: 1_000_000 },
  },
  /** MYST has no price anywhere: a position here has amounts but no USD (mint one with mintV3Position). */
  'MYST-WETH': {
    tokenA: 'MYST',
    tokenB: 'WETH',
    priceFrom: 'MYST-WETH',
    deployerLiquidity: { ticksEachSide: 12_000, amountA: 100_000, amountB: 100 },
  },
} as const satisfies Record<
  string,
  {
    tokenA: TokenKey;
    tokenB: TokenKey;
    priceFrom: PairKey;
    deployerLiquidity: { ticksEachSide: number; amountA: number; amountB: number };
  }
>;

export type V3PoolKey = keyof typeof v3PoolSpecs;

/**
 * The user's positions. `belowRange`: the whole range is below the current price (the position holds only
 * token1); `aboveRange`: above it (only token0); `inRange` and `farmed` straddle it, and `farmed` is deposited
 * in FarmingCenter and entered in the eternal incentive. Amounts are what the user offers (the position
 * manager takes what the range needs at the current price).
 */
export const v3PositionSpecs = {
  belowRange: {
    pool: 'WMATIC-USDC',
    ticks: [-6_000, -3_000],
    amountA: 20_000,
    amountB: 10_000,
    isFarmed: false,
  },
  inRange: { pool: 'WMATIC-USDC', ticks: [-1_200, 1_200], amountA: 20_000, amountB: 10_000, isFarmed: false },
  aboveRange: { pool: 'WETH-USDC', ticks: [3_000, 6_000], amountA: 5, amountB: 10_000, isFarmed: false },
  farmed: { pool: 'WMATIC-USDC', ticks: [-600, 600], amountA: 20_000, amountB: 10_000, isFarmed: true },
} as const satisfies Record<
  string,
  {
    pool: V3PoolKey;
    ticks: readonly [number, number];
    amountA: number;
    amountB: number;
    isFarmed: boolean;
  }
>;

export type V3PositionKey = keyof typeof v3PositionSpecs;

/**
 * The eternal farming incentive on WMATIC-USDC, created through the incentive maker as QuickSwap's were:
 * rewards in new dQUICK with a WMATIC bonus, funded up front, paid per second to the farmed liquidity in range.
 * `days` only sets the key's endTime (eternal farms do not stop by it; the app reads it as the incentive's end).
 */
export const v3IncentiveSpec = {
  pool: 'WMATIC-USDC',
  rewardToken: 'NEW_DQUICK',
  bonusRewardToken: 'WMATIC',
  reward: 1_000_000,
  bonusReward: 100_000,
  /** Base units per second: 0.1 new dQUICK and 0.01 WMATIC. */
  rewardRate: 10n ** 17n,
  bonusRewardRate: 10n ** 16n,
  days: 30,
} as const satisfies {
  pool: V3PoolKey;
  rewardToken: TokenKey;
  bonusRewardToken: TokenKey;
  reward: number;
  bonusReward: number;
  rewardRate: bigint;
  bonusRewardRate: bigint;
  days: number;
};

/** Swaps by the deployer after the positions exist, so fees accrue to the liquidity in range. */
export const v3SwapSpecs: readonly { pool: V3PoolKey; tokenIn: TokenKey; amountIn: number }[] = [
  { pool: 'WMATIC-USDC', tokenIn: 'USDC', amountIn: 20_000 },
  { pool: 'WMATIC-USDC', tokenIn: 'WMATIC', amountIn: 30_000 },
  { pool: 'WMATIC-USDC', tokenIn: 'USDC', amountIn: 5_000 },
  { pool: 'WETH-USDC', tokenIn: 'USDC', amountIn: 50_000 },
  { pool: 'WETH-USDC', tokenIn: 'WETH', amountIn: 20 },
];

/** Seconds the chain clock moves after the swaps, so farming rewards accrue. */
export const V3_ACCRUAL_SECONDS = 3_600;

/**
 * Merkl rewards (cumulative, whole tokens): an earlier tree the user claimed from, then the current one the
 * distributor holds and the kit's Merkl server serves. The user's pending new QUICK is 250 - 100 = 150.
 */
export const merklTreeSpecs = {
  claimedEarlier: [{ recipient: 'user', token: 'NEW_QUICK', amount: 100 }],
  current: [
    { recipient: 'user', token: 'NEW_QUICK', amount: 250 },
    { recipient: 'user', token: 'WMATIC', amount: 40 },
    { recipient: 'deployer', token: 'NEW_QUICK', amount: 5 },
  ],
} as const satisfies Record<
  string,
  readonly { recipient: 'user' | 'deployer' | 'idle'; token: TokenKey; amount: number }[]
>;
