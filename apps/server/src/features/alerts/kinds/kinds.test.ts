import { describe, expect, it } from 'vitest';
import { portfolioKinds } from '../../../core/portfolio/list.ts';
import { alertKinds } from './index.ts';

// Issue 42, Build 2: the alerts evaluate every kind of position the portfolio lists, through one pipeline; a
// kind added to the portfolio without its alerts fails here.
describe('alert kinds', () => {
  it('cover every kind of position the portfolio lists, one each', () => {
    const names = alertKinds.map((kind) => kind.kind);
    expect([...names].sort()).toEqual([...portfolioKinds].sort());
  });
});
