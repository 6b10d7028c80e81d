import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { useWallet } from '../../../lib/wallet/index.ts';
import { transactionKeys } from '../api/keys.ts';

/** Polygon, where Tidewatch sends. */
const polygonId = 137;

/**
 * Whether the connected wallet can run several calls in one prompt, all or nothing (EIP-5792
 * wallet_getCapabilities: `atomic.status` 'supported' or 'ready' on Polygon). A wallet that does not answer, or
 * leaves Polygon out (MetaMask without it), cannot: then multi-step actions run step by step. Asked of the wallet
 * client the page already has (no viem action is imported here: screens that merely offer a batch stay light).
 */
export function useAtomicBatchSupport(account: Address): boolean {
  const { web3 } = useWallet();
  const query = useQuery({
    queryKey: transactionKeys.capabilities(account),
    enabled: web3 !== null,
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      try {
        const capabilities = (await web3!.request({
          method: 'wallet_getCapabilities',
          params: [account],
        } as never)) as Record<string, { atomic?: { status?: string } } | undefined>;
        const status = capabilities[`0x${polygonId.toString(16)}`]?.atomic?.status;
        return status === 'supported' || status === 'ready';
      } catch {
        return false;
      }
    },
  });
  return query.data === true;
}
