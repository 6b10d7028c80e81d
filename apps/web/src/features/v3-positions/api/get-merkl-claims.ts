import type { MerklClaims } from '@tidewatch/shared/v3-positions';
import { api } from '../../../lib/api-client.ts';
import { loadV3Schemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/**
 * GET /api/quickswap/v3/merkl/claims?wallet_address=: what one Merkl claim pays the wallet now, with the proofs
 * Merkl's API gave and what is left to claim later (issue 46). Asked when the person opens the claim, never
 * cached: proofs and what was claimed change with each tree and claim.
 */
export function getMerklClaims(walletAddress: string): Promise<MerklClaims> {
  return api.get(`/quickswap/v3/merkl/claims?wallet_address=${encodeURIComponent(walletAddress)}`, {
    schema: schemaFrom(loadV3Schemas, 'merklClaimsSchema'),
  });
}
