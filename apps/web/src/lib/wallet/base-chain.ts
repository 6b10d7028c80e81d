import type { Chain } from 'viem';

/**
 * Base as the wallet needs it to switch, add and send there (issue 47): defined here rather than taken from
 * viem/chains (or through defineChain), whose Base brings the OP Stack's formatters and serializers into every route that loads the wallet
 * (their deposit transactions are nothing this app sends). The public RPC is what a wallet that lacks Base is given.
 */
export const baseWalletChain = {
  id: 8453,
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
} as const satisfies Chain;
