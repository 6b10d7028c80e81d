import { useMemo } from 'react';
import { type PublicClient, publicActions, type WalletClient } from 'viem';
import { useWallet } from '../../../lib/wallet/index.ts';

export type WalletClients = { walletClient: WalletClient; publicClient: PublicClient };

/**
 * The connected wallet's client, and chain reads through the same provider: the wallet that signs is the one
 * whose node the review and the wait read (the page's CSP allows no other RPC origin). null until connected.
 */
export function useWalletClients(): WalletClients | null {
  const { web3 } = useWallet();
  return useMemo(() => {
    if (!web3) return null;
    // A WalletClient extended with the public actions is a PublicClient over the same transport.
    const publicClient = web3.extend(publicActions) as unknown as PublicClient;
    return { walletClient: web3, publicClient };
  }, [web3]);
}
