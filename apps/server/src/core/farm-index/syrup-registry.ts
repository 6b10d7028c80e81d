import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Address, getAddress } from 'viem';
import { findRepoRoot } from '../config.ts';

/** A syrup pool as QuickSwap listed it: its address and its reward token (the pool's own reads are the truth). */
export type RegistrySyrup = {
  address: Address;
  rewardToken: { address: Address; symbol: string; decimals: number };
  /** The pool's end as the list gave it (seconds); null when no list gave one. */
  endingTimestamp: number | null;
};

/**
 * Every syrup pool QuickSwap's interfaces and stake lists ever published (126 on Polygon), built by
 * `npm run registry:syrups` from docs/quickswap-syrup-lists/ into syrup-registry.json. The staking token is not
 * taken from the lists (they name old QUICK for pools that stake new QUICK): a reader asks the pool.
 */
export function loadSyrupRegistry(): readonly RegistrySyrup[] {
  loaded ??= (() => {
    // From the repository root, not this file: the server's build (decision 038) runs from apps/server/dist.
    const file = join(findRepoRoot(), 'apps/server/src/core/farm-index/syrup-registry.json');
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { syrups: RegistrySyrup[] };
    return parsed.syrups.map((syrup) => ({
      address: getAddress(syrup.address),
      rewardToken: { ...syrup.rewardToken, address: getAddress(syrup.rewardToken.address) },
      endingTimestamp: syrup.endingTimestamp ?? null,
    }));
  })();
  return loaded;
}

let loaded: RegistrySyrup[] | undefined;
