import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Address, getAddress } from 'viem';
import { findRepoRoot } from '../config.ts';

/** A Gamma hypervisor QuickSwap's interface listed: its tokens as listed, and its MasterChef stake when it has one. */
export type RegistryGammaVault = {
  address: Address;
  token0: Address;
  token1: Address;
  staking: { address: Address; pid: number } | null;
};

type RawVault = {
  address: string;
  manager: string;
  token0?: { address: string };
  token1?: { address: string };
  staking?: { kind: string; address: string; pid: number };
};

/**
 * The Gamma hypervisors of the vault registry (vault-registry.json, `npm run registry:vaults`: every vault
 * QuickSwap's interface ever listed, with its provenance) whose tokens the list names. ICHI and DefiEdge vaults
 * are in the file too; the app does not read them yet.
 */
export function loadGammaVaults(): readonly RegistryGammaVault[] {
  loaded ??= (() => {
    // From the repository root, not this file: the server's build (decision 038) runs from apps/server/dist.
    const file = join(findRepoRoot(), 'apps/server/src/core/farm-index/vault-registry.json');
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { vaults: RawVault[] };
    return parsed.vaults.flatMap((vault) =>
      vault.manager === 'gamma' && vault.token0 && vault.token1
        ? [
            {
              address: getAddress(vault.address),
              token0: getAddress(vault.token0.address),
              token1: getAddress(vault.token1.address),
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
