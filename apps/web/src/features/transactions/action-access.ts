import { useQuery } from '@tanstack/react-query';
import type { Wallet } from '@tidewatch/shared';
import { isSameAddress } from '@tidewatch/shared/same-address';
import { useSessionToken } from '../../lib/session.ts';
import { useWallet } from '../../lib/wallet/index.ts';
import { connectedWalletsQueryOptions } from '../wallets/api/get-connected-wallets.ts';

/**
 * Whether the actions on a wallet's position can run, and if not why (issue 33, safety):
 * - 'hidden': not the signed-in user's wallet (or their wallets are still loading): no actions at all;
 * - 'watch-only': added without a signature: shown, disabled, with the reason;
 * - 'not-connected': MetaMask is not connected: connect it with this wallet;
 * - 'other-account': MetaMask is on another account (`connected`): select this wallet in MetaMask;
 * - 'ready': a wallet the user proved with a signature, connected in MetaMask.
 */
export type PositionActionsAccess =
  | { state: 'hidden' }
  | { state: 'watch-only' }
  | { state: 'not-connected' }
  | { state: 'other-account'; connected: string }
  | { state: 'ready' };

/**
 * The access decision from its three inputs, apart from the hooks so each edge is plain to read: the user's
 * saved wallets (undefined while loading), the account MetaMask is connected with (null: none), and the
 * position's wallet. An address saved with a signature on any chain is proved: the key is the same.
 */
function decidePositionActionsAccess(
  savedWallets: readonly Wallet[] | undefined,
  connectedAccount: string | null,
  walletAddress: string,
): PositionActionsAccess {
  const entries = (savedWallets ?? []).filter((wallet) => isSameAddress(wallet.address, walletAddress));
  if (entries.length === 0) return { state: 'hidden' };
  if (entries.every((wallet) => wallet.is_watch_only)) return { state: 'watch-only' };
  if (!connectedAccount) return { state: 'not-connected' };
  if (!isSameAddress(connectedAccount, walletAddress))
    return { state: 'other-account', connected: connectedAccount };
  return { state: 'ready' };
}

/**
 * The access to the actions on any wallet's position for the signed-in user and MetaMask as they are now:
 * a list asks it of each of its positions.
 */
export function usePositionActionsAccessOf(): (walletAddress: string) => PositionActionsAccess {
  const isSignedIn = Boolean(useSessionToken());
  const wallet = useWallet();
  const saved = useQuery({ ...connectedWalletsQueryOptions(), enabled: isSignedIn });
  const connected = wallet.isConnected ? wallet.publicAddress : null;
  return (walletAddress) =>
    isSignedIn
      ? decidePositionActionsAccess(saved.data?.wallets, connected, walletAddress)
      : { state: 'hidden' };
}

/** The access to the actions on `walletAddress`'s position for the signed-in user and MetaMask as they are now. */
export function usePositionActionsAccess(walletAddress: string): PositionActionsAccess {
  return usePositionActionsAccessOf()(walletAddress);
}
