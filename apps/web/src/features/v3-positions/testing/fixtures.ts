import type {
  MerklRewards,
  V3Position,
  V3PositionHistory,
  V3PositionSnapshot,
  V3TrackedPosition,
  V3WalletPositions,
} from '@tidewatch/shared/v3-positions';

// Wire-shaped V3 answers for component tests (the shapes the server answers, v3-positions.ts).

export const walletAddress = '0x1234567890AbcdEF1234567890aBcdef12345678';
export const watchedAddress = '0x9999999999999999999999999999999999999999';
export const tokenId = '4021';
const poolAddress = '0x5555555555555555555555555555555555555555';

const token = (symbol: string, suffix: string, decimals = 18) => ({
  address: `0x${suffix.repeat(40).slice(0, 40)}`,
  symbol,
  decimals,
});
const wmatic = token('WMATIC', 'a');
const usdc = token('USDC', 'b', 6);
const quick = token('QUICK', 'c');

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** WMATIC / USDC at 0.5 USDC per WMATIC, in range [0.4, 0.6), not farmed; every price known. */
export function position(overrides: Partial<V3Position> = {}): V3Position {
  return {
    token_id: tokenId,
    owner: walletAddress,
    is_farmed: false,
    pool: {
      address: poolAddress,
      token0: wmatic,
      token1: usdc,
      tick: -283_000,
      sqrt_price_x96: '56022770974786139918731938227',
      liquidity: '1000000000000',
      fee: 500,
      price: '0.5',
      price0_usd: 0.5,
      price1_usd: 1,
    },
    tick_lower: -285_000,
    tick_upper: -281_000,
    price_lower: '0.4',
    price_upper: '0.6',
    in_range: true,
    liquidity: '123456789',
    amounts: [
      { token: wmatic, amount: '1.5', usd: 0.75 },
      { token: usdc, amount: '3', usd: 3 },
    ],
    fees: [
      { token: wmatic, amount: '0.02', usd: 0.01 },
      { token: usdc, amount: '0.02', usd: 0.02 },
    ],
    farming: null,
    value_usd: 3.75,
    fees_usd: 0.03,
    rewards_usd: null,
    is_tracked: false,
    block_number: 500,
    ...overrides,
  };
}

/**
 * Minted over Algebra V1's widest range (ticks -887220 and 887220, the extreme multiples of 60): its bounds'
 * prices as the server writes them, about 3e-39 and 3e38 USDC per WMATIC.
 */
export function fullRangePosition(overrides: Partial<V3Position> = {}): V3Position {
  return position({
    token_id: '4040',
    tick_lower: -887_220,
    tick_upper: 887_220,
    price_lower: '0.000000000000000000000000000000000000002954',
    price_upper: '338492131855000000000000000000000000000',
    ...overrides,
  });
}

/** Deposited in an eternal incentive paying QUICK: rewards pending (collectRewards) and collected-but-unclaimed. */
export function farmedPosition(overrides: Partial<V3Position> = {}): V3Position {
  return position({
    token_id: '4022',
    is_farmed: true,
    farming: {
      incentive: {
        id: '0xabc',
        reward_token: quick,
        bonus_reward_token: null,
        start_time: minutesAgo(60 * 24),
        end_time: new Date(Date.now() + 10 * 24 * 3600_000).toISOString(),
        is_ended: false,
      },
      pending: [{ token: quick, amount: '2', usd: 1.2 }],
      unclaimed: [{ token: quick, amount: '0.5', usd: 0.3 }],
    },
    rewards_usd: 1.5,
    ...overrides,
  });
}

/** A position whose pool's tokens no price source knows: amounts only. */
export function unpricedPosition(): V3Position {
  const base = position({ token_id: '4023' });
  return {
    ...base,
    pool: { ...base.pool, price0_usd: null, price1_usd: null },
    amounts: [
      { token: wmatic, amount: '1.5', usd: null },
      { token: usdc, amount: '3', usd: null },
    ],
    fees: [
      { token: wmatic, amount: '0.02', usd: null },
      { token: usdc, amount: '0.02', usd: null },
    ],
    value_usd: null,
    fees_usd: null,
  };
}

/** The contracts a wallet's positions answer names (QuickSwap's on Polygon). */
const v3Contracts = {
  position_manager: '0x8eF88E4c7CfbbaC1C163f7eddd4B578792201de6',
  farming_center: '0x7F281A8cdF66eF5e9db8434Ec6D97acc1bc01E78',
  merkl_distributor: '0x3Ef3D8bA38EBe18DB133cEc108f4D14CE00Dd9Ae',
  wnative: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
};

export const merklOk: MerklRewards = {
  status: 'ok',
  as_of: minutesAgo(1),
  rewards: [{ token: quick, amount: '12.5', usd: 6.25 }],
  usd: 6.25,
};

export function walletPositions(
  positions: V3Position[],
  merkl: MerklRewards = merklOk,
  wallet = walletAddress,
): V3WalletPositions {
  return {
    wallet_address: wallet,
    block_number: 500,
    positions,
    merkl,
    can_act: true,
    contracts: v3Contracts,
  };
}

export function snapshot(overrides: Partial<V3PositionSnapshot> = {}): V3PositionSnapshot {
  return {
    created_on: minutesAgo(3),
    block_number: 490,
    in_range: true,
    tick: -283_000,
    liquidity: '123456789',
    amount0: '1.5',
    amount1: '3',
    fees0: '0.02',
    fees1: '0.02',
    value_usd: 3.75,
    fees_usd: 0.03,
    is_farmed: false,
    rewards_usd: null,
    price0_usd: 0.5,
    price1_usd: 1,
    ...overrides,
  };
}

/** position() tracked with its wallet: the same range, its newest snapshot at tick -283000 (0.51297 USDC per WMATIC). */
export function trackedPosition(overrides: Partial<V3TrackedPosition> = {}): V3TrackedPosition {
  return {
    id: 7,
    token_id: tokenId,
    wallet_address: walletAddress,
    pool: { address: poolAddress, token0: wmatic, token1: usdc },
    tick_lower: -285_000,
    tick_upper: -281_000,
    price_lower: '0.4',
    price_upper: '0.6',
    snapshot: snapshot(),
    ...overrides,
  };
}

export function history(overrides: Partial<V3PositionHistory> = {}): V3PositionHistory {
  return {
    token_id: tokenId,
    wallet_address: walletAddress,
    snapshots: [
      snapshot({ created_on: minutesAgo(60), block_number: 400, value_usd: 3.5, in_range: false }),
      snapshot(),
    ],
    events: [
      {
        kind: 'increase_liquidity',
        block_number: 300,
        block_time: minutesAgo(120),
        tx_hash: `0x${'e'.repeat(64)}`,
        liquidity: '123456789',
        amounts: [
          { token: wmatic, amount: '2', usd: 1 },
          { token: usdc, amount: '2.5', usd: 2.5 },
        ],
        usd: 3.5,
      },
      {
        kind: 'collect',
        block_number: 450,
        block_time: minutesAgo(30),
        tx_hash: `0x${'f'.repeat(64)}`,
        liquidity: null,
        amounts: [
          { token: wmatic, amount: '0.02', usd: 0.01 },
          { token: usdc, amount: '0.24', usd: 0.24 },
        ],
        usd: 0.25,
      },
    ],
    returns: {
      deposited_usd: 3.5,
      withdrawn_usd: 0.25,
      value_now_usd: 3.75,
      hodl_usd: 3.5,
      vs_hodl_usd: 0.5,
      fees_earned_usd: 0.04,
      rewards_usd: 1.5,
    },
    ...overrides,
  };
}
