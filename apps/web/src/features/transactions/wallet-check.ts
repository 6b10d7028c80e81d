import { type Address, isAddressEqual } from 'viem';

/** Polygon: the only chain Tidewatch sends on (spec section 9; the local test chain answers as 137 too). */
export const polygonChainId = 137;

/**
 * What must happen in the wallet before anything is read or sent: connect it, select the wallet's account
 * in it, or switch it to Polygon; 'ready' when none of these.
 */
export type WalletCheck =
  | { kind: 'connect' }
  | { kind: 'select account'; connectedAs: Address }
  | { kind: 'switch network'; chainId: number | null }
  | { kind: 'ready' };

/**
 * The first thing the wallet lacks for a transaction of `wallet`, in the order a person fixes them.
 * @example checkWallet({ isConnected: true, publicAddress: '0x34…', chainId: 137 }, '0x12…') // select account
 */
export function checkWallet(
  connection: { isConnected: boolean; publicAddress: Address | null; chainId: number | null },
  wallet: Address,
): WalletCheck {
  if (!connection.isConnected || !connection.publicAddress) return { kind: 'connect' };
  if (!isAddressEqual(connection.publicAddress, wallet)) {
    return { kind: 'select account', connectedAs: connection.publicAddress };
  }
  if (connection.chainId !== polygonChainId) return { kind: 'switch network', chainId: connection.chainId };
  return { kind: 'ready' };
}
