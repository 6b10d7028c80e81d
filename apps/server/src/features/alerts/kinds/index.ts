/**
 * Every kind of position's alerts, named as the portfolio names the kind (core/portfolio). A new kind adds
 * its file here: the evaluation pipeline (../evaluate.ts) does not change.
 */
export { v2FarmStakeAlerts } from './v2-farm-stake.ts';
export { v3NftAlerts } from './v3-nft.ts';
