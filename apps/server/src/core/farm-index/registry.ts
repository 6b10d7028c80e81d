import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FarmKind } from '@tidewatch/shared';
import { type Address, getAddress } from 'viem';
import { findRepoRoot } from '../config.ts';

/** Where QuickSwap published a farm: repository, path, commit (and the list inside the file). */
type RegistrySource = { repository: string; path: string; commit: string; list?: string };
export type RegistryFarm = { address: Address; kind: FarmKind; sources: RegistrySource[] };

/**
 * Every LP and dual farm QuickSwap's own interfaces and stake lists ever published (syrup pools left out),
 * built by `npm run registry:build` from docs/quickswap-farm-lists/ into farm-registry.json. The other half
 * of the farm index, beside the factories: early factory generations are known only through these lists.
 */
export function loadFarmRegistry(): RegistryFarm[] {
  // Read once per process: the file is part of the build, and the scheduler asks on every tick.
  loaded ??= (() => {
    // From the repository root, not this file: the server's build (decision 038) runs from apps/server/dist.
    const file = join(findRepoRoot(), 'apps/server/src/core/farm-index/farm-registry.json');
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { farms: RegistryFarm[] };
    return parsed.farms.map((farm) => ({ ...farm, address: getAddress(farm.address) }));
  })();
  return loaded;
}

let loaded: RegistryFarm[] | undefined;
