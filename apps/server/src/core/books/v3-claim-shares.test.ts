import { describe, expect, it } from 'vitest';
import type { V3PositionEventRow } from '../db/tables/v3-positions.ts';
import { v3ClaimShares } from './v3-claim-shares.ts';
import { walletOwnership, walletTransfers } from './v3-ownership.ts';
import type { V3EventsInput } from './v3-rows.ts';

// The owner-level claim split and the ownership periods, on events built by hand as the history job stores them.
const wallet = '0x1111111111111111111111111111111111111111';
const other = '0x2222222222222222222222222222222222222222';
const farmingCenter = '0x3333333333333333333333333333333333333333';
const zero = '0x0000000000000000000000000000000000000000';
const quick = '0x4444444444444444444444444444444444444444';

let nextLog = 0;
function event(
  kind: V3PositionEventRow['kind'],
  block: number,
  detail: Record<string, string> | null,
  raw: bigint | null = null,
): V3PositionEventRow {
  nextLog += 1;
  return {
    id: nextLog,
    position_id: 1,
    kind,
    block_number: block,
    block_time: '2025-06-01T12:00:00.000Z',
    tx_hash: `0x${block.toString(16).padStart(64, '0')}`,
    log_index: nextLog,
    liquidity: null,
    amounts: JSON.stringify(raw === null ? [] : [{ token: quick, raw: raw.toString(), usd: null }]),
    usd: null,
    usd_error: null,
    detail: detail ? JSON.stringify(detail) : null,
    owner_address: null,
    recipient_address: null,
  };
}

const position = (tokenId: string, events: V3PositionEventRow[]): V3EventsInput => ({
  position: {
    tokenId,
    poolAddress: zero,
    token0: { address: zero, symbol: 'A', decimals: 18 },
    token1: { address: zero, symbol: 'B', decimals: 18 },
  },
  events,
  isHeld: true,
});
const ended = (block: number, raw: bigint, owner = wallet) => event('farm_ended', block, { owner }, raw);
const collected = (block: number, raw: bigint) => event('rewards_collected', block, {}, raw);
const claimed = (block: number, raw: bigint, owner = wallet) =>
  event('reward_claimed', block, { owner, to: owner }, raw);
const idOf = (e: V3PositionEventRow) => `v3:${e.tx_hash}:${e.log_index}`;

describe('v3ClaimShares', () => {
  it('gives each position what it credited when the claim empties the balance (one claim stored on both)', () => {
    const claim = claimed(30, 100n);
    const shares = v3ClaimShares(
      [position('1', [ended(10, 70n), claim]), position('2', [collected(20, 30n), claim])],
      wallet,
    );
    expect(shares.get(idOf(claim))).toEqual(
      new Map([
        ['1', 70n],
        ['2', 30n],
      ]),
    );
  });

  it('splits a partial claim in proportion, exactly, and the next claim takes the rest', () => {
    const first = claimed(30, 10n);
    const second = claimed(40, 90n);
    const shares = v3ClaimShares(
      [position('1', [ended(10, 1n), first, second]), position('2', [ended(20, 99n), first, second])],
      wallet,
    );
    // 10 of 100: 0.1 and 9.9 -> floors 0 and 9, the last unit to the larger remainder (0.9).
    expect(shares.get(idOf(first))).toEqual(
      new Map([
        ['1', 0n],
        ['2', 10n],
      ]),
    );
    expect(shares.get(idOf(second))).toEqual(
      new Map([
        ['1', 1n],
        ['2', 89n],
      ]),
    );
  });

  it('cannot split a claim larger than the stored credits, nor count credits to another owner', () => {
    const claim = claimed(30, 100n);
    const shares = v3ClaimShares(
      [position('1', [ended(10, 70n), claim]), position('2', [ended(20, 30n, other), claim])],
      wallet,
    );
    expect(shares.get(idOf(claim))).toBeNull();
  });

  it('counts a RewardsCollected only while the wallet owned the position', () => {
    const claim = claimed(40, 50n);
    const events = [
      event('transfer', 5, { from: zero, to: other }),
      collected(10, 20n),
      event('transfer', 15, { from: other, to: wallet }),
      collected(20, 50n),
      claim,
    ];
    expect(v3ClaimShares([position('1', events)], wallet).get(idOf(claim))).toEqual(new Map([['1', 50n]]));
  });
});

describe('v3ClaimShares with the balance a claim left (read at its block)', () => {
  const claimedLeaving = (block: number, raw: bigint, remaining: bigint) =>
    event('reward_claimed', block, { owner: wallet, to: wallet, remaining: remaining.toString() }, raw);

  it('splits a partial claim when the stored credits are the whole balance (the claim and what it left)', () => {
    const claim = claimedLeaving(30, 50n, 50n);
    const shares = v3ClaimShares(
      [position('1', [ended(10, 60n), claim]), position('2', [ended(20, 40n), claim])],
      wallet,
    );
    expect(shares.get(idOf(claim))).toEqual(
      new Map([
        ['1', 30n],
        ['2', 20n],
      ]),
    );
  });

  it('does not split a partial claim of a balance that a position without stored history also credited', () => {
    // 100 stored, the claim took 50 and left 150: another 100 came from credits the ledger does not have.
    const claim = claimedLeaving(30, 50n, 150n);
    const shares = v3ClaimShares(
      [position('1', [ended(10, 60n), claim]), position('2', [ended(20, 40n), claim])],
      wallet,
    );
    expect(shares.get(idOf(claim))).toBeNull();
  });

  it('reads what the claim left before the credits and claims later in its block', () => {
    // The balance at the end of block 30 (70) holds a credit after the claim (+30) and a claim after it (-10).
    const claim = claimedLeaving(30, 50n, 70n);
    const later = event('farm_ended', 30, { owner: wallet }, 30n);
    const laterClaim = claimedLeaving(30, 10n, 70n);
    const shares = v3ClaimShares([position('1', [ended(10, 100n), claim, later, laterClaim])], wallet);
    expect(shares.get(idOf(claim))).toEqual(new Map([['1', 50n]]));
  });
});

describe('walletOwnership', () => {
  it('keeps a position deposited in FarmingCenter its depositor’s until FarmingCenter sends it on', () => {
    const events = [
      event('transfer', 1, { from: zero, to: other }),
      event('increase_liquidity', 1, null),
      event('transfer', 2, { from: other, to: wallet }),
      event('transfer', 3, { from: wallet, to: farmingCenter }),
      event('farm_entered', 3, null),
      event('collect', 4, { recipient: wallet }),
      event('transfer', 5, { from: farmingCenter, to: other }),
      event('collect', 6, { recipient: other }),
    ];
    expect(walletOwnership(events, wallet, farmingCenter, false)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('takes the first transfer’s sender as the owner before it, and the wallet when there are no transfers', () => {
    const before = [event('increase_liquidity', 1, null), event('transfer', 2, { from: wallet, to: other })];
    expect(walletOwnership(before, wallet, farmingCenter, false)).toEqual([true, false]);
    expect(walletOwnership([event('increase_liquidity', 1, null)], wallet, farmingCenter, true)).toEqual([
      true,
    ]);
  });

  it('gives a position without transfers to the wallet only when it held it (tracked with it, or a snapshot)', () => {
    // Another's position that only paid the wallet a collect: its liquidity is not the wallet's.
    const events = [event('increase_liquidity', 1, null), event('collect', 2, { recipient: wallet })];
    expect(walletOwnership(events, wallet, farmingCenter, false)).toEqual([false, false]);
  });

  it('counts transfers in and out of the wallet, not mints, burns or moves through FarmingCenter', () => {
    const events = [
      event('transfer', 1, { from: zero, to: other }),
      event('transfer', 2, { from: other, to: wallet }),
      event('transfer', 3, { from: wallet, to: farmingCenter }),
      event('transfer', 4, { from: farmingCenter, to: wallet }),
      event('transfer', 5, { from: wallet, to: other }),
    ];
    expect(walletTransfers(events, wallet, farmingCenter, false)).toEqual({ in: 1, out: 1 });
    const minted = [event('transfer', 1, { from: zero, to: wallet }), event('increase_liquidity', 1, null)];
    expect(walletTransfers(minted, wallet, farmingCenter, false)).toEqual({ in: 0, out: 0 });
  });
});
