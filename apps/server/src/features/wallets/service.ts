import {
  AppError,
  type Blockchain,
  type Wallet,
  type WalletCatalogueEntry,
  type WatchWallet,
} from '@tidewatch/shared';
import { type GuideRequest, nextGuideState } from './connect-guide.ts';
import type { WalletsContext, WalletsDeps } from './context.ts';
import { describeRemoval, removeWallet } from './remove-wallet.ts';
import * as repo from './repository.ts';
import { issueMessage, verifySignature } from './sign-in-messages.ts';
import { createWalletAccounts } from './wallet-accounts.ts';
import { watchWallet } from './watch-wallet.ts';

export type WalletsService = ReturnType<typeof createWalletsService>;

/** The wallets feature's operations, one per endpoint, each a use case of its own file; framework-free. */
export function createWalletsService(deps: WalletsDeps) {
  const ctx: WalletsContext = { ...deps, now: deps.now ?? (() => new Date()) };
  const { db } = ctx;
  const walletAccounts = createWalletAccounts({
    db,
    now: ctx.now,
    chainId: ctx.chainId,
    accounts: ctx.accounts,
    verifySignature: (check) => verifySignature(ctx, check),
    issueMessage: (purpose, userId, address, statement) =>
      issueMessage(ctx, purpose, userId, address, statement),
  });
  return {
    getCatalogue: (): Promise<WalletCatalogueEntry[]> => repo.listCatalogue(db),
    getBlockchain: async (chainId: number): Promise<Blockchain> => {
      const chain = await repo.findBlockchain(db, chainId);
      if (!chain) throw new AppError('NOT_FOUND', `blockchain ${chainId} not found`);
      return chain;
    },
    listWallets: (userId: number): Promise<Wallet[]> => repo.listWallets(db, userId),
    getWallet: async (userId: number, walletId: number): Promise<Wallet> => {
      const wallet = await repo.findWallet(db, userId, walletId);
      if (!wallet) throw new AppError('NOT_FOUND', 'wallet not found');
      return wallet;
    },
    nextGuideState: (userId: number, request: GuideRequest) => nextGuideState(ctx, userId, request),
    issueSignUpMessage: async (address: string) => {
      const { message, expiresAt } = await issueMessage(ctx, 'sign-up', null, address);
      return { message, expiresAt };
    },
    issueLogInMessage: (address: string) => issueMessage(ctx, 'log-in', null, address),
    ...walletAccounts,
    watchWallet: (userId: number, input: WatchWallet) => watchWallet(ctx, userId, input),
    describeRemoval: (userId: number, walletId: number) => describeRemoval(ctx, userId, walletId),
    removeWallet: (userId: number, walletId: number) => removeWallet(ctx, userId, walletId),
  };
}
