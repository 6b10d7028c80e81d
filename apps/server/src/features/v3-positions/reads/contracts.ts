import type { Address } from 'viem';

/** Where QuickSwap V3 (Algebra V1.0) lives on the configured chain (config `v3`, checksummed). */
export type V3Contracts = {
  poolDeployer: Address;
  positionManager: Address;
  farmingCenter: Address;
  eternalFarming: Address;
};
