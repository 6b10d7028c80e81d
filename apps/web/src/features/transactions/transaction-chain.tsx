import { createContext, type ReactNode, useContext } from 'react';

/** The chain a transaction is sent on, as its screens name it: its gas token and its explorer. */
export type TransactionChain = { id: number; name: string; nativeSymbol: string; explorerUrl: string };

/** Where Tidewatch sends (issue 47): Polygon unless a request names Base. Kept zod-free for the runner's chunk. */
const knownChains: Record<number, TransactionChain> = {
  137: { id: 137, name: 'Polygon', nativeSymbol: 'POL', explorerUrl: 'https://polygonscan.com' },
  8453: { id: 8453, name: 'Base', nativeSymbol: 'ETH', explorerUrl: 'https://basescan.org' },
};

/** The chain of `chainId` (Polygon when none or unknown). */
function transactionChain(chainId: number | undefined): TransactionChain {
  return knownChains[chainId ?? 137] ?? knownChains[137]!;
}

const TransactionChainContext = createContext<TransactionChain>(transactionChain(137));

/** Names the chain of the transaction shown inside: its gas in its token, its links to its explorer. */
export function TransactionChainProvider({
  chainId,
  children,
}: {
  chainId: number | undefined;
  children: ReactNode;
}) {
  return (
    <TransactionChainContext.Provider value={transactionChain(chainId)}>
      {children}
    </TransactionChainContext.Provider>
  );
}

export const useTransactionChain = () => useContext(TransactionChainContext);
