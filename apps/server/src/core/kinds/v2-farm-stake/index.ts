import type { PositionKind } from '../position-kind.ts';
import { type AlertPair, v2FarmStakeAlerts } from './alerts.ts';
import { v2FarmStakeLedger } from './ledger.ts';
import { listV2FarmStakes } from './portfolio.ts';

/** A V2 farm stake: a wallet's LP staked in a QuickSwap V2 farm (StakingRewards, dual or not). */
export const v2FarmStake: PositionKind<AlertPair> = {
  kind: 'v2_farm_stake',
  label: 'V2 farms',
  list: listV2FarmStakes,
  alerts: v2FarmStakeAlerts,
  ledger: v2FarmStakeLedger,
};

/** The books of one tracked (farm, wallet) stake: the farm detail's and its CSV's. */
export { loadFarmBooks } from './books.ts';
