import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Address, getAddress } from 'viem';
import { findRepoRoot } from '../config.ts';

/**
 * A Gamma hypervisor QuickSwap's interface listed, and its MasterChef stake when it has one. Its tokens are what the
 * vault itself answers (the lens reads them), not the list's.
 */
export type RegistryGammaVault = {
  address: Address;
  staking: { address: Address; pid: number } | null;
};

type RawVault = {
  address: string;
  manager: string;
  staking?: { kind: string; address: string; pid: number };
};

/**
 * The Gamma hypervisors of the vault registry (vault-registry.json, `npm run registry:vaults`: every vault
 * QuickSwap's interface ever listed, with its provenance). ICHI and DefiEdge vaults are in the file too; the app
 * does not read them yet.
 */
export function loadGammaVaults(): readonly RegistryGammaVault[] {
  loaded ??= (() => {
    // From the repository root, not this file: the server's build (decision 038) runs from apps/server/dist.
    const file = join(findRepoRoot(), 'apps/server/src/core/farm-index/vault-registry.json');
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { vaults: RawVault[] };
    return parsed.vaults.flatMap((vault) =>
      vault.manager === 'gamma'
        ? [
            {
              address: getAddress(vault.address),
              staking:
                vault.staking?.kind === 'gamma-masterchef'
                  ? { address: getAddress(vault.staking.address), pid: vault.staking.pid }
                  : null,
            },
          ]
        : [],
    );
  })();
  return loaded;
}

let loaded: RegistryGammaVault[] | undefined;
