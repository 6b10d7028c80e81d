import { isAddressEqual } from 'viem';
import { describe, expect, it } from 'vitest';
import { valueSnapshots } from '../../core/snapshots/index.ts';
import type { FarmSnapshotsRead } from '../../core/snapshots/read.ts';
import { revalueCollected } from './revalue.ts';

const address = (digit: string) => `0x${digit.repeat(40)}` as const;
const e18 = 10n ** 18n;
const wmatic = { address: address('a'), symbol: 'WMATIC', name: 'Wrapped Matic', decimals: 18 };
const usdc = { address: address('b'), symbol: 'USDC', name: 'USD Coin', decimals: 6 };
const dquick = { address: address('c'), symbol: 'dQUICK', name: 'Dragon QUICK', decimals: 18 };
const staker = address('d');
const emptyWallet = address('e');

// One LP farm at one block: 2,000,000 WMATIC / 1,000,000 USDC, half the LP staked in the farm.
const read: FarmSnapshotsRead = {
  blockNumber: 100n,
  onchainPrices: new Map(),
  blockTimestamp: 1_000n,
  farms: [
    {
      address: address('1'),
      kind: 'lp',
      stakingToken: address('2'),
      pair: {
        address: address('2'),
        factory: address('3'),
        token0: wmatic,
        token1: usdc,
        reserve0: 2_000_000n * e18,
        reserve1: 1_000_000n * 10n ** 6n,
        totalSupply: 1_000n * e18,
      },
      rewards: [{ token: dquick, rewardRate: e18 / 1000n }],
      periodFinish: 100_000n,
      totalSupply: 500n * e18,
      isPaused: false,
      positions: [
        { account: staker, staked: 100n * e18, earned: [5n * e18] },
        { account: emptyWallet, staked: 0n, earned: [0n] },
      ],
    },
  ],
};

describe('revalueCollected', () => {
  // As the wizard gathers: on-chain price for USDC only (WMATIC derived), empty positions dropped.
  const gathered = valueSnapshots(
    read,
    new Map([
      [usdc.address.toLowerCase(), { usd: 1, source: 'pair' as const, onchainUsd: 1 }],
      [dquick.address.toLowerCase(), { usd: null, source: null, onchainUsd: null }],
    ]),
    { chainId: 137, createdOn: new Date('2024-01-01T00:00:00Z') },
  );
  const collected = {
    ...gathered,
    positions: gathered.positions.filter((p) => isAddressEqual(p.account, staker)),
  };

  it('derives the unpriced side from the reserves before any choice', () => {
    expect(collected.pools[0]?.price0Usd).toBe(0.5);
    expect(collected.pools[0]?.totalLiquidityUsd).toBe(2_000_000);
  });

  it('recomputes the figures with the confirmed quotes, from the same read', () => {
    const revalued = revalueCollected(
      collected,
      new Map([
        [wmatic.address.toLowerCase(), 0.6],
        [dquick.address.toLowerCase(), 45],
      ]),
    );
    expect(revalued.tokens.map((t) => [t.symbol, t.usd, t.source])).toEqual([
      ['WMATIC', 0.6, 'coinmarketcap'],
      ['USDC', 1, 'pair'],
      ['dQUICK', 45, 'coinmarketcap'],
    ]);
    expect(revalued.pools[0]?.totalLiquidityUsd).toBe(2_200_000);
    expect(revalued.positions[0]?.earned[0]?.usd).toBe(225);
    expect(revalued.createdOn).toEqual(collected.createdOn);
    expect(revalued.blockNumber).toBe(100n);
  });

  it('keeps only the positions the import kept (no empty snapshot comes back)', () => {
    const revalued = revalueCollected(collected, new Map([[wmatic.address.toLowerCase(), 0.6]]));
    expect(revalued.positions.map((p) => p.account.toLowerCase())).toEqual([staker]);
  });
});
