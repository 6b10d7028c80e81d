import type { PositionKind } from '../position-kind.ts';
import { vaultPositionAlerts } from './alerts.ts';
import { vaultPositionLedger } from './ledger.ts';
import { listVaultPositions } from './portfolio.ts';

/** A vault position: dQUICK in a Dragon's Lair or a stake in a syrup pool (the vaults tool; vault shares next). */
export const vaultPosition: PositionKind<number> = {
  kind: 'vault_position',
  label: 'Lair and syrup pools',
  list: listVaultPositions,
  alerts: vaultPositionAlerts,
  ledger: vaultPositionLedger,
};
