import type { PositionKind } from '../position-kind.ts';
import { vaultPositionAlerts } from './alerts.ts';
import { vaultPositionLedger } from './ledger.ts';
import { listVaultPositions } from './portfolio.ts';

/** A vault position (the vaults tool): a vault's shares, dQUICK in a Dragon's Lair, or a stake in a syrup pool. */
export const vaultPosition: PositionKind<number> = {
  kind: 'vault_position',
  label: 'Vaults, lair and syrups',
  list: listVaultPositions,
  alerts: vaultPositionAlerts,
  ledger: vaultPositionLedger,
};

// What the vaults tool's history job stores for each event, as the ledger reads it back.
export type { StoredVaultMovement } from './ledger.ts';
// The vaults tool's tracked list shows each position's returns against holding (its own screen, not the kinds').
export { vaultPositionReturns } from './returns.ts';
