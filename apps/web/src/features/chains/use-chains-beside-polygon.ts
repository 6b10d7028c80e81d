import { useQuery } from '@tanstack/react-query';
import { chainsTool } from '@tidewatch/shared/chains-tool';
import { useSessionToken } from '../../lib/session.ts';
import { connectedWalletsQueryOptions, selectPolygonWallets } from '../wallets/api/get-connected-wallets.ts';
import { chainsQueryOptions } from './api/get-chains.ts';

/**
 * What the chains tool starts from: the session, the chains this instance reads
 * (and the ones beside Polygon that are on), and the user's saved wallets (one address, every chain).
 */
export function useChainsBesidePolygon() {
  const token = useSessionToken();
  const chains = useQuery(chainsQueryOptions());
  const wallets = useQuery({
    ...connectedWalletsQueryOptions(),
    select: selectPolygonWallets,
    enabled: !!token,
  });
  const others = (chains.data?.chains ?? []).filter(
    (c) => c.chain_id !== chainsTool.polygonChainId && c.status === 'on',
  );
  return { token, chains, wallets, others };
}
