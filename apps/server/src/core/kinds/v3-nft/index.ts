import type { PositionKind } from '../position-kind.ts';
import { v3NftAlerts } from './alerts.ts';
import { v3NftLedger } from './ledger.ts';
import { listV3Nfts } from './portfolio.ts';

/** A V3 NFT: a QuickSwap V3 (Algebra V1.0) position the wallet holds or has in the FarmingCenter. */
export const v3Nft: PositionKind<number> = {
  kind: 'v3_nft',
  label: 'V3 positions',
  list: listV3Nfts,
  alerts: v3NftAlerts,
  ledger: v3NftLedger,
};
