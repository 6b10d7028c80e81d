import { v2FarmStakeAlerts } from './v2-farm-stake.ts';
import { v3NftAlerts } from './v3-nft.ts';

/**
 * Every kind of position's alerts, named as the portfolio names the kind (core/portfolio). A new kind adds
 * its file here: the evaluation pipeline (../evaluate.ts) does not change.
 */
export const alertKinds: readonly { kind: string }[] = [v2FarmStakeAlerts, v3NftAlerts];

export { v2FarmStakeAlerts, v3NftAlerts };
