import { describe, expect, it } from 'vitest';
import { farmKindList, farmKindOfRouteSegment, farmKinds } from './farm-kinds.ts';

describe('farm kinds table', () => {
  it('gives each kind its own route segment, tracked-summary field and API paths (a new row must too)', () => {
    const rows = farmKindList.map((kind) => farmKinds[kind]);
    const distinct = (values: string[]) => new Set(values).size === values.length;
    expect(distinct(rows.map((row) => row.routeSegment))).toBe(true);
    expect(distinct(rows.map((row) => row.trackedSummaryField))).toBe(true);
    expect(distinct(rows.flatMap((row) => Object.values(row.apiPaths)))).toBe(true);
  });

  it.each(farmKindList)('finds %s from its route segment', (kind) => {
    expect(farmKindOfRouteSegment(farmKinds[kind].routeSegment)).toBe(kind);
  });

  it.each([undefined, '', 'lp', 'v3-mining'])('finds no kind for %s', (segment) => {
    expect(farmKindOfRouteSegment(segment)).toBeUndefined();
  });
});
