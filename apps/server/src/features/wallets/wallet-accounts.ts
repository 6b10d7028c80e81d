import {
  AppError,
  accountDeletionStatement,
  type WalletSignUpResponse,
  walletLogInUnknownMessage,
} from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Address, Hex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { Database } from '../../core/db/types.ts';
import type { AccountsService, RestoreCookie } from '../accounts/index.ts';
import { metaMaskWalletName } from './guide.ts';
import * as repo from './repository.ts';

/**
 * The accounts a wallet signs for (decisions 007 and 023): sign-up from a wallet address, log in with it,
 * and delete an account without a password by signing. Every signature goes through the service's
 * `verifySignature` (all of decision 007's rules) and is spent once.
 */
export type WalletAccountsDeps = {
  db: Kysely<Database>;
  now: () => Date;
  chainId: number;
  accounts: Pick<AccountsService, 'issueSessionToken' | 'logInThrottled'>;
  verifySignature: (check: {
    purpose: repo.NoncePurpose;
    userId: number | null;
    message: string;
    signature: Hex;
    expectedAddress?: Address;
  }) => Promise<{ row: repo.NonceRow; address: Address; chainId: number }>;
  issueMessage: (
    purpose: repo.NoncePurpose,
    userId: number | null,
    address: string,
    statement?: string,
  ) => Promise<{ address: Address; message: string; expiresAt: string }>;
};

const alreadyUsed = () => new AppError('SIGNATURE_INVALID', 'this sign-in message was already used');

export function createWalletAccounts(deps: WalletAccountsDeps) {
  const { db, now, verifySignature, issueMessage } = deps;

  /** Sign-up / sign-in from a wallet: the account created from this address, made on first use. */
  async function signUpWithWallet(
    message: string,
    signature: string,
  ): Promise<WalletSignUpResponse & { restore: RestoreCookie }> {
    const verified = await verifySignature({
      purpose: 'sign-up',
      userId: null,
      message,
      signature: signature as Hex,
    });
    const chain = await repo.findBlockchain(db, deps.chainId);
    if (!chain) throw new AppError('INTERNAL', `CHAIN_ID ${deps.chainId} is not a known blockchain`);
    const at = now();
    const { userId, created } = await db.transaction().execute(async (trx) => {
      if (!(await repo.consumeNonce(trx, verified.row.id, at))) throw alreadyUsed();
      const existing = await repo.findUserIdByWalletAddress(trx, verified.address);
      const newId =
        existing === undefined ? await repo.insertWalletUser(trx, verified.address, at) : undefined;
      const id = existing ?? newId ?? (await repo.findUserIdByWalletAddress(trx, verified.address));
      if (id === undefined) throw new AppError('INTERNAL', 'the account for this wallet vanished');
      await repo.insertWallet(
        trx,
        { userId: id, name: metaMaskWalletName, address: verified.address, chainId: chain.chainId },
        at,
      );
      return { userId: id, created: newId !== undefined };
    });
    const { token, restore } = await deps.accounts.issueSessionToken(userId);
    return { token, created, restore };
  }

  /**
   * Log in with a wallet: a message issued for 'log-in', signed by its address, spent once, logs into the
   * account made from that address. Failures count like failed password logins (per address and client).
   */
  async function logInWithWallet(message: string, signature: string, ip: string) {
    // The throttle's key is the address the message claims (checked below); a garbled one still counts.
    const claimed = parseSiweMessage(message).address ?? 'unreadable message';
    return deps.accounts.logInThrottled(`wallet ${claimed.toLowerCase()}`, ip, async () => {
      const verified = await verifySignature({
        purpose: 'log-in',
        userId: null,
        message,
        signature: signature as Hex,
      });
      if (!(await repo.consumeNonce(db, verified.row.id, now()))) throw alreadyUsed();
      const userId = await repo.findUserIdByWalletAddress(db, verified.address);
      if (userId === undefined) throw new AppError('INVALID_CREDENTIALS', walletLogInUnknownMessage);
      return userId;
    });
  }

  /** The message an account without a password signs to delete itself; its wallet is the one it was made from. */
  async function issueDeletionMessage(userId: number) {
    const user = await repo.findWalletAccount(db, userId);
    if (user?.password_hash) {
      throw new AppError('CONFLICT', 'your account has a password: confirm the deletion with your password');
    }
    if (!user?.wallet_address) throw new AppError('CONFLICT', 'your account has no wallet to sign with');
    const { message, expiresAt } = await issueMessage(
      'delete-account',
      userId,
      user.wallet_address,
      accountDeletionStatement,
    );
    return { message, expiresAt };
  }

  /** Checks and spends a signed deletion message of this user; throws SIGNATURE_INVALID otherwise. */
  async function checkDeletionSignature(userId: number, message: string, signature: string): Promise<void> {
    const verified = await verifySignature({
      purpose: 'delete-account',
      userId,
      message,
      signature: signature as Hex,
    });
    if (!(await repo.consumeNonce(db, verified.row.id, now()))) throw alreadyUsed();
  }

  return { signUpWithWallet, logInWithWallet, issueDeletionMessage, checkDeletionSignature };
}
