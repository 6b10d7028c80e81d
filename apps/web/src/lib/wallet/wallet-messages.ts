import { shortenAddress } from '../format.ts';
import { getChainName } from './chains.ts';

/** The spec's wallet messages (section 8), word for word. */
export const walletMessages = {
  pending: 'check metamask and select account you wish to connect with',
  rejected: 'looks like you rejected a prompt in your metamask extension',
  noAccounts:
    "looks like you don't have any accounts in Metamask. Check to see that metamask extension is unlocked and connected to this site",
  notInstalled: 'looks like metamask is not installed',
  multipleWallets: 'Do you have multiple wallets installed?',
  disconnected: 'looks like metamask is disconnected',
} as const;

/** 'looks like you changed networks to Polygon' (the chain id when the network is not one we know). */
export function networkChangedMessage(chainId: number | string): string {
  return `looks like you changed networks to ${getChainName(chainId)}`;
}

/** 'Looks like you changed to account 0x1234…5678, connecting...' */
export function accountChangedMessage(address: string): string {
  return `Looks like you changed to account ${shortenAddress(address)}, connecting...`;
}

/** EIP-1193 / JSON-RPC error codes the spec names. */
export const walletErrorCodes = { rejected: 4001, pending: -32002 } as const;

/**
 * The numeric EIP-1193 code of a wallet failure. viem wraps provider errors (UserRejectedRequestError keeps
 * code 4001 on itself; others keep it on a cause), so the cause chain is walked.
 */
export function getWalletErrorCode(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'number') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A wallet request that failed, with a message people can read (the spec's wording where it has one). */
export class WalletRequestError extends Error {
  readonly code: number | undefined;
  constructor(message: string, code: number | undefined, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WalletRequestError';
    this.code = code;
  }
}

/** Turns any wallet failure into a WalletRequestError; a rejection reads as the spec's message. */
export function toWalletRequestError(error: unknown): WalletRequestError {
  if (error instanceof WalletRequestError) return error;
  const code = getWalletErrorCode(error);
  if (code === walletErrorCodes.rejected)
    return new WalletRequestError(walletMessages.rejected, code, { cause: error });
  if (code === walletErrorCodes.pending)
    return new WalletRequestError(walletMessages.pending, code, { cause: error });
  const raw =
    (error as { shortMessage?: unknown })?.shortMessage ??
    (error as { message?: unknown })?.message ??
    String(error);
  return new WalletRequestError(typeof raw === 'string' ? raw : 'the wallet request failed', code, {
    cause: error,
  });
}
