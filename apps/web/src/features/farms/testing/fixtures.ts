import type { DualFarmListItem, LpFarmListItem, Wallet } from '@tidewatch/shared';

// Wire-shaped farm list items for component tests (the shapes the server answers).

export const farmAddress = '0x1111111111111111111111111111111111111111';
const poolAddress = '0x2222222222222222222222222222222222222222';
export const walletAddress = '0x1234567890AbcdEF1234567890aBcdef12345678';

const token = (symbol: string, suffix: string) => ({
  address: `0x${suffix.repeat(40).slice(0, 40)}`,
  symbol,
  decimals: 18,
});

const recent = () => new Date(Date.now() - 3 * 60_000).toISOString();

export function lpItem(overrides: Partial<LpFarmListItem> = {}): LpFarmListItem {
  return {
    farm: {
      address: farmAddress,
      url: `https://quickswap.exchange/#/quick/0xa/0xb/${farmAddress}`,
      chain_id: 137,
      kind: 'lp',
      reward_token: token('dQUICK', 'd'),
      snapshot: {
        total_liquidity_usd: 500_000,
        share_of_pool: 0.25,
        created_on: recent(),
        apr: 0.1234,
        period_finish: '2099-01-01T00:00:00.000Z',
        is_ended: false,
        total_supply: '1000',
        block_number: 10,
        reward_rate: '0.001',
      },
    },
    pool: {
      address: poolAddress,
      token0: token('WMATIC', 'a'),
      token1: token('USDC', 'b'),
      snapshot: {
        total_liquidity_usd: 2_000_000.456,
        created_on: recent(),
        reserve0: '2000000',
        reserve1: '1000000',
        total_supply: '4000',
        price0_usd: 0.5,
        price1_usd: 1,
        block_number: 10,
      },
    },
    account_address: walletAddress,
    farm_position_snapshot: {
      account_address: walletAddress,
      total_liquidity_usd: 1234.5,
      staked: '2.5',
      share_of_farm: 0.0025,
      created_on: recent(),
      block_number: 10,
      earned: '12.3456789',
      earned_in_usd: null,
    },
    ...overrides,
  };
}

export function dualItem(): DualFarmListItem {
  const lp = lpItem();
  return {
    farm: {
      address: farmAddress,
      url: `https://quickswap.exchange/#/dual/0xa/0xb/${farmAddress}`,
      chain_id: 137,
      kind: 'dual',
      reward_token_a: token('WMATIC', 'a'),
      reward_token_b: token('MYST', 'e'),
      snapshot: lp.farm.snapshot
        ? { ...lp.farm.snapshot, reward_rate_a: '0.1', reward_rate_b: '0.2', is_paused: false }
        : null,
    },
    pool: { ...lp.pool, token0: token('WETH', 'f'), token1: token('MYST', 'e') },
    account_address: walletAddress,
    farm_position_snapshot: {
      account_address: walletAddress,
      total_liquidity_usd: 99.999,
      staked: '1',
      share_of_farm: 0.5,
      created_on: recent(),
      block_number: 10,
      earned_a: '1.5',
      earned_a_in_usd: 0.75,
      earned_b: '3',
      earned_b_in_usd: null,
    },
  };
}

export const polygonWallet: Wallet = {
  id: 7,
  name: 'MetaMask',
  address: walletAddress,
  blockchain: { name: 'Polygon', chainId: 137 },
  is_watch_only: false,
};
export const ethereumWallet: Wallet = {
  id: 8,
  name: 'MetaMask',
  address: '0x9999999999999999999999999999999999999999',
  blockchain: { name: 'Ethereum', chainId: 1 },
  is_watch_only: false,
};
