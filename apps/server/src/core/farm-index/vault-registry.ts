import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Address, getAddress } from 'viem';
import { findRepoRoot } from '../config.ts';

/** The managers of the vaults QuickSwap's interface integrates (docs/quickswap-v3-onchain.md sections 5 and 7). */
export type VaultManager = 'gamma' | 'steer' | 'ichi' | 'defiedge';

/**
 * Where a vault's shares are staked, by the shape of the contract:
 * - 'masterchef': Gamma's MasterChef (a MiniChefV2 with several rewarders, `getRewarder(pid, i)`);
 * - 'minichef': Sushi's MiniChefV2 (DefiEdge's; one rewarder per pool, `rewarder(pid)`);
 * - 'staking-rewards': a StakingRewards of the vault's shares (Steer's staking pools; no pid).
 */
export type VaultStakingKind = 'masterchef' | 'minichef' | 'staking-rewards';

export type VaultStaking = { kind: VaultStakingKind; address: Address; pid: number };

/**
 * A vault QuickSwap's interface listed (or Steer's API lists), and where its shares are staked when it has such a
 * place. Its tokens are what the vault itself answers (the lens reads them), not the list's.
 */
export type ListedVault = {
  address: Address;
  manager: VaultManager;
  staking: VaultStaking | null;
};

type RawStaking = { kind: string; address: string; pid: number };
type RawVault = {
  address: string;
  manager: string;
  staking?: RawStaking;
  listedValues?: { staking?: { value: RawStaking }[] };
};

const stakingKinds: Record<string, VaultStakingKind> = {
  'gamma-masterchef': 'masterchef',
  'defiedge-minichef': 'minichef',
};

/**
 * The vaults of the vault registry (vault-registry.json, `npm run registry:vaults`: every Gamma, ICHI and DefiEdge
 * vault QuickSwap's interface ever listed, with its provenance). A vault's staking is the one listed now, else the
 * last one it was listed with: shares staked while the interface listed that chef are still there after it stopped.
 * Steer's vaults are not in QuickSwap's lists (its interface asks Steer's API): see steer-list.ts.
 */
export function loadListedVaults(): readonly ListedVault[] {
  loaded ??= (() => {
    // From the repository root, not this file: the server's build (decision 038) runs from apps/server/dist.
    const file = join(findRepoRoot(), 'apps/server/src/core/farm-index/vault-registry.json');
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { vaults: RawVault[] };
    return parsed.vaults.flatMap((vault): ListedVault[] => {
      if (!['gamma', 'ichi', 'defiedge'].includes(vault.manager)) return [];
      const raw = vault.staking ?? vault.listedValues?.staking?.at(-1)?.value;
      const kind = raw ? stakingKinds[raw.kind] : undefined;
      return [
        {
          address: getAddress(vault.address),
          manager: vault.manager as VaultManager,
          staking: raw && kind ? { kind, address: getAddress(raw.address), pid: raw.pid } : null,
        },
      ];
    });
  })();
  return loaded;
}

let loaded: ListedVault[] | undefined;
