/**
 * The ABIs Tidewatch uses for QuickSwap V3 (Algebra V1.0) and Merkl: exactly the pinned signatures of
 * deployedV3Interfaces (checked against the published artifacts by v3-interfaces.test.ts), typed for viem.
 * Importable alone (`@tidewatch/contracts/v3-abis`): no bytecode comes with it.
 */
import { parseAbi } from 'viem';
import { deployedV3Interfaces } from './deployed-interfaces.ts';

/** Algebra pool, factory, position manager, FarmingCenter, AlgebraEternalFarming, Merkl distributor. */
export const v3Abis = {
  pool: parseAbi(deployedV3Interfaces.pool),
  factory: parseAbi(deployedV3Interfaces.factory),
  positionManager: parseAbi(deployedV3Interfaces.positionManager),
  farmingCenter: parseAbi(deployedV3Interfaces.farmingCenter),
  eternalFarming: parseAbi(deployedV3Interfaces.eternalFarming),
  merklDistributor: parseAbi(deployedV3Interfaces.merklDistributor),
} as const;
