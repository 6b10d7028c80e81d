import { describe, expect, it } from 'vitest';
import { likeForLikeMove } from './rules.ts';

// Issue 42, finding 5: the 24-hour move compares value per unit of stake (LP tokens, or V3 liquidity), so what
// the wallet took out or put in is no move; the price alone is.
describe('the 24-hour value move, like with like', () => {
  it('is the plain change while the stake is the same', () => {
    expect(likeForLikeMove({ valueUsd: 80, units: '12.5' }, { valueUsd: 100, units: '12.5' })).toEqual({
      changePct: -20,
      valueUsd: 80,
      previousUsd: 100,
      isSameUnits: true,
    });
  });

  it('is no move when half the stake left at the same price, or more came in', () => {
    expect(likeForLikeMove({ valueUsd: 50, units: '5' }, { valueUsd: 100, units: '10' })?.changePct).toBe(0);
    expect(
      likeForLikeMove({ valueUsd: 300, units: '3000' }, { valueUsd: 100, units: '1000' })?.changePct,
    ).toBe(0);
  });

  it('measures a price move on the stake held now, whatever the wallet did that day', () => {
    const move = likeForLikeMove({ valueUsd: 35, units: '5' }, { valueUsd: 100, units: '10' })!;
    expect(move.previousUsd).toBe(50);
    expect(move.changePct).toBeCloseTo(-30, 10);
    expect(move.isSameUnits).toBe(false);
  });

  it('is nothing to tell for an emptied position, one empty a day ago, or an unknown value', () => {
    expect(likeForLikeMove({ valueUsd: 0, units: '0' }, { valueUsd: 100, units: '10' })).toBeNull();
    expect(likeForLikeMove({ valueUsd: 100, units: '10' }, { valueUsd: 0, units: '0' })).toBeNull();
    expect(likeForLikeMove({ valueUsd: null, units: '10' }, { valueUsd: 100, units: '10' })).toBeNull();
    expect(likeForLikeMove({ valueUsd: 100, units: '10' }, { valueUsd: null, units: null })).toBeNull();
  });
});
