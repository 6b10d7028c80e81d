import { useQuery } from '@tanstack/react-query';
import { type Address, getAddress } from 'viem';
import { transactionKeys } from '../api/keys.ts';
import { useWalletClients } from '../hooks/use-wallet-clients.ts';

/** Polygon, where Tidewatch sends. */
const polygonId = 137;

/**
 * Whether the connected wallet can run several calls in one prompt, all or nothing (EIP-5792
 * wallet_getCapabilities: `atomic.status` 'supported' or 'ready' on Polygon). A wallet that does not answer, or
 * leaves Polygon out (MetaMask without it), cannot: then multi-step actions run step by step.
 */
export function useAtomicBatchSupport(account: Address): boolean {
  const clients = useWalletClients();
  const query = useQuery({
    queryKey: transactionKeys.capabilities(account),
    enabled: clients !== null,
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      try {
        const capabilities = (await clients!.walletClient.getCapabilities({
          account: getAddress(account),
        })) as Record<number, { atomic?: { status?: string } } | undefined>;
        const status = capabilities[polygonId]?.atomic?.status;
        return status === 'supported' || status === 'ready';
      } catch {
        return false;
      }
    },
  });
  return query.data === true;
}
