import { type Address, createWalletClient, custom, getAddress, isAddress, type WalletClient } from 'viem';
import type { Eip1193Provider } from './discover-wallets.ts';

/*
 * The wallet context's viem half. WalletProvider imports it only once a wallet is found in the page, so a
 * visitor without one (and the landing page's first load) never downloads viem (decision 016).
 */

/** The first account of an EIP-1193 answer, EIP-55 checksummed; null when there is none. */
export function getFirstAddress(accounts: unknown): Address | null {
  if (!Array.isArray(accounts)) return null;
  const [first] = accounts;
  return typeof first === 'string' && isAddress(first, { strict: false }) ? getAddress(first) : null;
}

/** A viem WalletClient bound to `account` over the wallet's own provider. */
export function createAccountClient(account: Address, provider: Eip1193Provider): WalletClient {
  return createWalletClient({ account, transport: custom(provider) });
}
