import { describe, expect, it } from 'vitest';
import { findFarmKindDefinitions } from './check-one-farm-kind.ts';

describe('findFarmKindDefinitions', () => {
  it.each([
    ["const kind: 'lp' | 'dual' = 'lp';", 'a union of farm kinds'],
    ['type K = "dual" | "lp" | "v3";', 'a union of farm kinds'],
    ["export type LpProduct = 'lp-mining' | 'dual-mining';", 'a union of farm kinds'],
    ["kind: z.enum(['lp', 'dual']),", 'a list of farm kinds'],
    ["const segments = ['lp-mining', 'dual-mining'] as const;", 'a list of farm kinds'],
    [
      "const variantOf = { 'lp-mining': 'lp', 'dual-mining': 'dual' } as const;",
      'a map keyed by route segment',
    ],
    ['export type FarmKind = string;', 'a second FarmKind type'],
  ])('finds %s', (line, says) => {
    expect(findFarmKindDefinitions(`// before\n${line}`)).toEqual([
      expect.stringMatching(new RegExp(`^2: ${says}`)),
    ]);
  });

  it.each([
    "import { type FarmKind, farmKinds } from '@tidewatch/shared/farm-kinds';",
    'export type { FarmKind } from "./farm-kinds.ts";',
    "if (kind === 'lp') return farmKinds.lp.apiPaths.farms;",
    "const label = kind === 'lp' ? 'lp-mining' : 'dual-mining';",
    "await page.goto('/quickswap/dual-mining/details/0x1');",
    'const rows = { lp: 1, dual: 2 } satisfies Record<FarmKind, number>;',
  ])('lets %s pass', (line) => {
    expect(findFarmKindDefinitions(line)).toEqual([]);
  });
});
