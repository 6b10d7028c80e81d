import type { FarmKind } from '@tidewatch/shared/farm-kinds';
/**
 * What the QuickSwap-like world contains, as data: tokens, pool reserves (which fix the prices)
 * and farms. deploy.ts turns this into contracts; tests read it to know what to expect.
 */

export const tokenSpecs = {
  USDC: { name: 'USD Coin (PoS)', symbol: 'USDC', decimals: 6, usdPrice: 1 },
  WBTC: { name: '(PoS) Wrapped BTC', symbol: 'WBTC', decimals: 8, usdPrice: 30_000 },
  WMATIC: { name: 'Wrapped Matic', symbol: 'WMATIC', decimals: 18, usdPrice: 0.5 },
  WETH: { name: 'Wrapped Ether', symbol: 'WETH', decimals: 18, usdPrice: 2_000 },
  /** Old QUICK: priced from its WMATIC pair. */
  QUICK: { name: 'Quickswap', symbol: 'QUICK', decimals: 18, usdPrice: 40 },
  /** New QUICK (1 old = 1000 new): no pair of its own, priced through the redenomination. */
  NEW_QUICK: { name: 'QuickSwap(NEW)', symbol: 'QUICK', decimals: 18, usdPrice: 0.04 },
  /** Dragon's Lair over old QUICK: 1 dQUICK = 1.125 QUICK (see lairSpecs). */
  DQUICK: { name: 'Dragon QUICK', symbol: 'dQUICK', decimals: 18, usdPrice: 45 },
  /** Dragon's Lair over new QUICK: 1 dQUICK = 1.25 new QUICK. */
  NEW_DQUICK: { name: 'Dragon QUICK', symbol: 'dQUICK', decimals: 18, usdPrice: 0.05 },
  /** No price source knows it: no USDC/WMATIC pair, no CoinMarketCap listing. */
  MYST: { name: 'Mystery Token', symbol: 'MYST', decimals: 18, usdPrice: null },
  /** name() and symbol() return bytes32, like old MKR. */
  MKR: { name: 'Maker', symbol: 'MKR', decimals: 18, usdPrice: 1_500 },
} as const;

export type TokenKey = keyof typeof tokenSpecs;

/**
 * Dragon's Lairs (dQUICK) and the QUICK they hold: `entered` QUICK is staked, then `fees` QUICK is sent
 * to the lair, so 1 dQUICK = (entered + fees) / entered QUICK, like the real lair after years of fees.
 */
export const lairSpecs = {
  DQUICK: { quick: 'QUICK', entered: 80_000, fees: 10_000 },
  NEW_DQUICK: { quick: 'NEW_QUICK', entered: 80_000_000, fees: 20_000_000 },
} as const satisfies Record<string, { quick: TokenKey; entered: number; fees: number }>;

export type LairKey = keyof typeof lairSpecs;

/**
 * Whole-token reserves; their ratios imply the prices above (MYST = 0.001 WETH, priced only via WETH).
 * DQUICK-USDC is a thin pair whose ratio ($50) disagrees with the lair ($45): prices must come from the lair.
 */
export const pairSpecs = {
  'WMATIC-USDC': { tokenA: 'WMATIC', tokenB: 'USDC', reserveA: 2_000_000, reserveB: 1_000_000 },
  'WETH-USDC': { tokenA: 'WETH', tokenB: 'USDC', reserveA: 500, reserveB: 1_000_000 },
  'WBTC-USDC': { tokenA: 'WBTC', tokenB: 'USDC', reserveA: 30, reserveB: 900_000 },
  'QUICK-WMATIC': { tokenA: 'QUICK', tokenB: 'WMATIC', reserveA: 10_000, reserveB: 800_000 },
  'WETH-WMATIC': { tokenA: 'WETH', tokenB: 'WMATIC', reserveA: 200, reserveB: 800_000 },
  'DQUICK-USDC': { tokenA: 'DQUICK', tokenB: 'USDC', reserveA: 1_000, reserveB: 50_000 },
  'MYST-WETH': { tokenA: 'MYST', tokenB: 'WETH', reserveA: 100_000, reserveB: 100 },
  'MKR-USDC': { tokenA: 'MKR', tokenB: 'USDC', reserveA: 100, reserveB: 150_000 },
  /** Thin and stale ($0.06): new QUICK must be priced from old QUICK's deeper market ($40 / 1000). */
  'NEW_QUICK-WMATIC': { tokenA: 'NEW_QUICK', tokenB: 'WMATIC', reserveA: 1_000_000, reserveB: 120_000 },
} as const satisfies Record<
  string,
  { tokenA: TokenKey; tokenB: TokenKey; reserveA: number; reserveB: number }
>;

export type PairKey = keyof typeof pairSpecs;

const DAY = 86_400;

/**
 * Farms, each deployed by QuickSwap's LP or dual staking-rewards factory. Rewards are whole tokens over
 * the duration. `isEnded`: its short period runs out while deploy advances time (rewardRate stays
 * non-zero, as on the real contracts). `userStakes`: the user stakes its LP there. `isPaused`: paused
 * after staking. `isUnfunded`: deployed but never notified (periodFinish 0). `topUp`: notified again
 * after the accrual time with a new amount and a new duration (mid-period top-up).
 */
export const farmSpecs = {
  wmaticUsdc: {
    kind: 'lp',
    pair: 'WMATIC-USDC',
    rewards: [['DQUICK', 3_000]],
    duration: 30 * DAY,
    userStakes: true,
    topUp: { reward: 1_500, duration: 45 * DAY },
  },
  wethUsdc: {
    kind: 'lp',
    pair: 'WETH-USDC',
    rewards: [['DQUICK', 2_000]],
    duration: 30 * DAY,
    userStakes: true,
  },
  wbtcUsdc: {
    kind: 'lp',
    pair: 'WBTC-USDC',
    rewards: [['DQUICK', 1_500]],
    duration: 30 * DAY,
    userStakes: true,
  },
  mkrUsdc: {
    kind: 'lp',
    pair: 'MKR-USDC',
    rewards: [['DQUICK', 500]],
    duration: 30 * DAY,
    userStakes: false,
  },
  quickWmaticEnded: {
    kind: 'lp',
    pair: 'QUICK-WMATIC',
    rewards: [['DQUICK', 100]],
    duration: 1_800,
    userStakes: true,
    isEnded: true,
  },
  wethWmaticUnfunded: {
    kind: 'lp',
    pair: 'WETH-WMATIC',
    rewards: [['DQUICK', 1_000]],
    duration: 30 * DAY,
    userStakes: false,
    isUnfunded: true,
  },
  dualWethWmatic: {
    kind: 'dual',
    pair: 'WETH-WMATIC',
    rewards: [
      ['DQUICK', 700],
      ['WMATIC', 50_000],
    ],
    duration: 14 * DAY,
    userStakes: true,
  },
  dualMystWeth: {
    kind: 'dual',
    pair: 'MYST-WETH',
    rewards: [
      ['DQUICK', 300],
      ['WMATIC', 20_000],
    ],
    duration: 14 * DAY,
    userStakes: true,
  },
  dualDquickUsdcPaused: {
    kind: 'dual',
    pair: 'DQUICK-USDC',
    rewards: [
      ['DQUICK', 400],
      ['WMATIC', 30_000],
    ],
    duration: 14 * DAY,
    userStakes: true,
    isPaused: true,
  },
} as const satisfies Record<
  string,
  {
    kind: FarmKind;
    pair: PairKey;
    rewards: readonly (readonly [TokenKey, number])[];
    duration: number;
    userStakes: boolean;
    isEnded?: boolean;
    isPaused?: boolean;
    isUnfunded?: boolean;
    topUp?: { reward: number; duration: number };
  }
>;

export type FarmKey = keyof typeof farmSpecs;

/** Seconds deploy advances the clock after staking, so rewards accrue (and the short farm ends). */
export const ACCRUAL_SECONDS = 3_600;
/** Share of each pool the user adds (basis points), on top of the deployer's initial liquidity. */
export const USER_LIQUIDITY_BPS = 100n;
