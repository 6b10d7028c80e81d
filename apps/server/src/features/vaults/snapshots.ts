import type { VaultSnapshot } from '@tidewatch/shared';
import { type Address, getAddress } from 'viem';
import type { DbOrTrx } from '../../core/db/index.ts';
import type { RegistryGammaVault } from '../../core/farm-index/vault-registry.ts';
import type { VaultsDeps } from './context.ts';
import { type HoldingsWanted, readHoldings } from './read-holdings.ts';
import { insertVaultSnapshots, type VaultPositionRef } from './tracking-repository.ts';

/** A snapshot row as stored, of one position at the read's block. */
type VaultSnapshotRow = Parameters<typeof insertVaultSnapshots>[1][number];

export type VaultSnapshotsRead = {
  blockNumber: number;
  blockTime: Date;
  rows: VaultSnapshotRow[];
  /** Positions whose syrup pool could not be read (no contract there, or not this shape). */
  unreadable: number[];
};

/**
 * Tracked positions valued at one block (readHoldings: a lens per wallet and one request for all their values): a
 * lair's dQUICK with the QUICK it pays, a syrup's stake and rewards with its end, a vault's part and rewards, or
 * nothing held there (value $0, known).
 */
export async function readVaultSnapshots(
  ctx: VaultsDeps,
  positions: readonly VaultPositionRef[],
): Promise<VaultSnapshotsRead> {
  const byWallet = new Map<
    Address,
    HoldingsWanted & { lairs: Address[]; syrups: Address[]; gammas: RegistryGammaVault[] }
  >();
  const gammaOf = new Map(ctx.gammaVaults.map((vault) => [vault.address.toLowerCase(), vault]));
  for (const position of positions) {
    const wallet = getAddress(position.wallet);
    const wanted = byWallet.get(wallet) ?? { wallet, lairs: [], syrups: [], gammas: [] };
    const contract = getAddress(position.contract);
    if (position.type === 'lair') wanted.lairs.push(contract);
    else if (position.type === 'syrup') wanted.syrups.push(contract);
    else {
      const vault = gammaOf.get(contract.toLowerCase());
      if (vault) wanted.gammas.push(vault);
    }
    byWallet.set(wallet, wanted);
  }
  const { block, wallets } = await readHoldings(ctx, [...byWallet.values()]);
  const blockTime = new Date(Number(block.timestamp) * 1000);
  const rows: VaultSnapshotRow[] = [];
  const unreadable: number[] = [];
  for (const position of positions) {
    const read = wallets.get(getAddress(position.wallet))!;
    const contract = getAddress(position.contract);
    if (read.unreadable.includes(contract)) {
      unreadable.push(position.positionId);
      continue;
    }
    const lair = position.type === 'lair' ? (read.lairs.find((l) => l.lair === contract) ?? null) : null;
    const syrup = position.type === 'syrup' ? (read.syrups.find((s) => s.pool === contract) ?? null) : null;
    const vault = position.type === 'gamma' ? (read.vaults.find((v) => v.vault === contract) ?? null) : null;
    const figures: Pick<VaultSnapshot, 'lair' | 'syrup' | 'vault'> = { lair, syrup, vault };
    const vaultRewards = vault ? vault.rewards.map((r) => r.usd) : [];
    rows.push({
      position_id: position.positionId,
      block_number: Number(block.number),
      created_on: blockTime.toISOString(),
      // Nothing held there any more: a known $0, not an unknown.
      value_usd: (lair ?? syrup ?? vault)?.usd ?? (lair || syrup || vault ? null : 0),
      rewards_usd: syrup
        ? syrup.earned.usd
        : vaultRewards.some((usd) => usd === null)
          ? null
          : vaultRewards.reduce<number>((a, b) => a + (b ?? 0), 0),
      ends_at: syrup?.ends_at ?? null,
      figures: JSON.stringify(figures),
    });
  }
  return { blockNumber: Number(block.number), blockTime, rows, unreadable };
}

/** Stores a read's rows (one per position and block). */
export function storeVaultSnapshots(db: DbOrTrx, rows: VaultSnapshotRow[]): Promise<void> {
  return insertVaultSnapshots(db, rows);
}
