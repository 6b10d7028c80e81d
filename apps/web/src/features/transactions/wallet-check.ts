import { type Address, isAddressEqual } from 'viem';

/** Polygon: the chain Tidewatch sends on unless a request names another (Base, issue 47). */
export const polygonChainId = 137;

/**
 * What must happen in the wallet before anything is read or sent: connect it, select the wallet's account
 * in it, or switch it to the request's chain (Polygon unless it names another); 'ready' when none of these.
 */
export type WalletCheck =
  | { kind: 'connect' }
  | { kind: 'select account'; connectedAs: Address }
  | { kind: 'switch network'; chainId: number | null; to: number }
  | { kind: 'ready' };

/**
 * The first thing the wallet lacks for a transaction of `wallet`, in the order a person fixes them.
 * @example checkWallet({ isConnected: true, publicAddress: '0x34…', chainId: 137 }, '0x12…') // select account
 */
export function checkWallet(
  connection: { isConnected: boolean; publicAddress: Address | null; chainId: number | null },
  wallet: Address,
  chainId: number = polygonChainId,
): WalletCheck {
  if (!connection.isConnected || !connection.publicAddress) return { kind: 'connect' };
  if (!isAddressEqual(connection.publicAddress, wallet)) {
    return { kind: 'select account', connectedAs: connection.publicAddress };
  }
  if (connection.chainId !== chainId)
    return { kind: 'switch network', chainId: connection.chainId, to: chainId };
  return { kind: 'ready' };
}
