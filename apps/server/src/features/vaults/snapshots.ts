import type { VaultSnapshot } from '@tidewatch/shared';
import { type Address, getAddress } from 'viem';
import type { ListedVault } from '../../core/farm-index/vault-registry.ts';
import type { VaultsDeps } from './context.ts';
import { listVaults } from './lists/vault-list.ts';
import { type HoldingsWanted, readHoldings } from './read-holdings.ts';
import type { insertVaultSnapshots, VaultPositionRef } from './tracking-repository.ts';

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
    HoldingsWanted & { lairs: Address[]; syrups: Address[]; vaults: ListedVault[] }
  >();
  const { vaults: listed } = await listVaults(ctx);
  const vaultOf = new Map(listed.map((vault) => [vault.address.toLowerCase(), vault]));
  // A tracked vault no list names now (or Steer's list unavailable) is not read: unknown, not a known $0.
  const notListed = new Set<number>();
  for (const position of positions) {
    const wallet = getAddress(position.wallet);
    const wanted = byWallet.get(wallet) ?? { wallet, lairs: [], syrups: [], vaults: [] };
    const contract = getAddress(position.contract);
    if (position.type === 'lair') wanted.lairs.push(contract);
    else if (position.type === 'syrup') wanted.syrups.push(contract);
    else {
      const vault = vaultOf.get(contract.toLowerCase());
      if (vault) wanted.vaults.push(vault);
      else notListed.add(position.positionId);
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
    if (read.unreadable.includes(contract) || notListed.has(position.positionId)) {
      unreadable.push(position.positionId);
      continue;
    }
    const lair = position.type === 'lair' ? (read.lairs.find((l) => l.lair === contract) ?? null) : null;
    const syrup = position.type === 'syrup' ? (read.syrups.find((s) => s.pool === contract) ?? null) : null;
    const isVault = position.type !== 'lair' && position.type !== 'syrup';
    const vault = isVault ? (read.vaults.find((v) => v.vault === contract) ?? null) : null;
    const figures: Pick<VaultSnapshot, 'lair' | 'syrup' | 'vault'> = { lair, syrup, vault };
    // An incomplete list of a vault's rewards (a reward that could not be read) is an unknown total, not a smaller one.
    const vaultRewards = vault
      ? [...vault.rewards.map((r) => r.usd), ...(vault.rewards_complete ? [] : [null])]
      : [];
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
      in_range: vault ? Number(vault.base_range.is_in_range) : null,
      figures: JSON.stringify(figures),
    });
  }
  return { blockNumber: Number(block.number), blockTime, rows, unreadable };
}
