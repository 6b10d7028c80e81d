import type { VaultSnapshot } from '@tidewatch/shared';
import { shortenAddress } from '@tidewatch/shared';

/** A stored snapshot's wire figures: the lair's, the syrup's or the vault's, null where the wallet held nothing. */
export type VaultFigures = Pick<VaultSnapshot, 'lair' | 'syrup' | 'vault'>;

export const parseVaultFigures = (figures: string): VaultFigures => {
  const parsed = JSON.parse(figures) as Partial<VaultFigures>;
  return { lair: parsed.lair ?? null, syrup: parsed.syrup ?? null, vault: parsed.vault ?? null };
};

/** How a screen names a vault position: "dQUICK (old) in the Dragon's Lair", 'syrup pool dQUICK (old) -> WMATIC'. */
export function vaultPositionLabel(
  position: { position_type: string; contract_address: string },
  figures: VaultFigures | null,
): string {
  if (position.position_type === 'lair') {
    return figures?.lair ? `${figures.lair.dquick.token.symbol} in the Dragon's Lair` : "Dragon's Lair";
  }
  const manager = vaultManagerNames[position.position_type];
  if (manager) {
    return figures?.vault
      ? `${manager} ${vaultPairLabel(figures.vault)} vault`
      : `${manager} vault ${shortenAddress(position.contract_address)}`;
  }
  return figures?.syrup
    ? `syrup pool ${syrupLabel(figures.syrup)}`
    : `syrup pool ${shortenAddress(position.contract_address)}`;
}

/** A vault position's type (its manager) as screens name the manager. */
export const vaultManagerNames: Record<string, string> = {
  gamma: 'Gamma',
  steer: 'Steer',
  ichi: 'ICHI',
  defiedge: 'DefiEdge',
};

/** A syrup pool by what it stakes and pays: 'dQUICK (old) -> WMATIC'. */
export const syrupLabel = (syrup: NonNullable<VaultFigures['syrup']>) =>
  `${syrup.staked.token.symbol} -> ${syrup.earned.token.symbol}`;

/** A vault by its pool's tokens: 'WMATIC-USDC'. */
export const vaultPairLabel = (vault: NonNullable<VaultFigures['vault']>) =>
  `${vault.amounts[0].token.symbol}-${vault.amounts[1].token.symbol}`;
