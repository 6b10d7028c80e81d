import {
  AppError,
  type Blockchain,
  type GuideState,
  type SaveAddressParams,
  signInMessageLifetimeMs,
  type Wallet,
  type WalletCatalogueEntry,
  type WalletRemoval,
  type WatchWallet,
  watchOnlyLimit,
} from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { type Address, getAddress, type Hex } from 'viem';
import { type ChainClient, toChainUnavailable } from '../../core/chain/client.ts';
import type { Database } from '../../core/db/types.ts';
import {
  countPrivateSnapshots,
  releaseUntrackedPairs,
  trackedPairsOf,
} from '../../core/farms/tracked-pairs.ts';
import type { AccountsService } from '../accounts/index.ts';
import { metaMaskWalletName, nextGuideStep } from './guide.ts';
import * as repo from './repository.ts';
import {
  buildSignInMessage,
  checkSigner,
  checkSignInMessage,
  createNonce,
  type SiweSettings,
} from './siwe.ts';
import { createWalletAccounts } from './wallet-accounts.ts';

export type WalletsDeps = {
  db: Kysely<Database>;
  publicUrl: string;
  chainId: number;
  /** Tells a contract from a wallet for watch-only addresses; without it that check is skipped. */
  chain?: ChainClient | undefined;
  accounts: Pick<AccountsService, 'issueSessionToken' | 'logInThrottled'>;
  now?: () => Date;
};

/** Parsed guide request (see `nextStateRequestSchema`). */
export type GuideRequest =
  | { name: GuideState['name']; event: 'GET_MESSAGE'; params: { address: string } }
  | {
      name: GuideState['name'];
      event: 'CONFIRM_SIGNATURE';
      params: { signature: string; address: string; message?: string | undefined };
    }
  | { name: GuideState['name']; event: 'SAVE_ADDRESS'; params: SaveAddressParams };

const invalid = (message: string) => new AppError('SIGNATURE_INVALID', message);
const alreadyUsed = () => invalid('this sign-in message was already used');

export function createWalletsService(deps: WalletsDeps) {
  const now = deps.now ?? (() => new Date());
  const { db } = deps;

  async function settings(): Promise<SiweSettings> {
    const chain = await repo.findBlockchain(db, deps.chainId);
    return {
      publicUrl: deps.publicUrl,
      chainId: deps.chainId,
      chainName: chain?.name ?? `chain ${deps.chainId}`,
    };
  }

  async function issueMessage(
    purpose: repo.NoncePurpose,
    userId: number | null,
    rawAddress: string,
    statement?: string,
  ) {
    const address = getAddress(rawAddress);
    const issuedAt = now();
    await repo.deleteStaleNonces(db, issuedAt);
    const nonce = createNonce();
    const { message, expiresAt } = buildSignInMessage(await settings(), address, nonce, issuedAt, statement);
    await repo.insertNonce(db, { nonce, purpose, userId, address, message, issuedAt, expiresAt });
    return { address, message, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Every signature rule except the final consumption: the message is well formed for our domain,
   * URI and chain, recent, carries a nonce we issued for this purpose, user and address, is the
   * exact text we issued, unused, and was signed by its address. Stores nothing.
   */
  async function verifySignature(check: {
    purpose: repo.NoncePurpose;
    userId: number | null;
    message: string;
    signature: Hex;
    expectedAddress?: Address;
  }): Promise<{ row: repo.NonceRow; address: Address; chainId: number }> {
    const at = now();
    const checked = checkSignInMessage(await settings(), check.message, at);
    if (check.expectedAddress && check.expectedAddress !== checked.address) {
      throw invalid(`this message was made for ${checked.address}, not ${check.expectedAddress}`);
    }
    const row = await repo.findNonce(db, checked.nonce);
    if (
      !row ||
      row.purpose !== check.purpose ||
      row.user_id !== check.userId ||
      row.address !== checked.address
    ) {
      throw invalid('this sign-in message was not issued to you by this site: start again');
    }
    if (row.message !== check.message) {
      throw invalid('this message differs from the one we issued: sign exactly the message shown');
    }
    if (row.consumed_at !== null) throw alreadyUsed();
    if (new Date(row.expires_at).getTime() <= at.getTime()) {
      throw invalid('this sign-in message has expired, start again');
    }
    await checkSigner(check.message, check.signature, checked.address);
    return { row, address: checked.address, chainId: checked.chainId };
  }

  async function confirmSignature(
    userId: number,
    params: { signature: string; address: string; message?: string | undefined },
  ) {
    const address = getAddress(params.address);
    let message = params.message;
    if (message === undefined) {
      const latest = await repo.findLatestGuideNonce(db, userId, address);
      if (!latest) throw invalid(`no sign-in message was issued for ${address}: start again`);
      message = latest.message;
    }
    const verified = await verifySignature({
      purpose: 'connect-wallet',
      userId,
      message,
      signature: params.signature as Hex,
      expectedAddress: address,
    });
    if (!(await repo.consumeNonce(db, verified.row.id, now()))) throw alreadyUsed();
    return { address, chainId: verified.chainId, nonce: verified.row.nonce };
  }

  /** Explains why a guide verification could not be spent on a save. */
  async function unusableVerification(
    trx: Kysely<Database>,
    nonce: string,
    userId: number,
    address: string,
  ): Promise<AppError> {
    const row = await repo.findNonce(trx, nonce);
    if (row?.purpose !== 'connect-wallet' || row.user_id !== userId || row.address !== address) {
      return invalid(`${address} has no confirmed signature in this guide: sign the message first`);
    }
    if (row.consumed_at === null) return invalid('confirm the signature first, then save the wallet');
    if (row.saved_at !== null)
      return invalid('this signature was already used to save a wallet: start again');
    return invalid('your signature confirmation has expired, start again');
  }

  async function saveAddress(userId: number, params: SaveAddressParams): Promise<Wallet> {
    const address = getAddress(params.address);
    const chain = await repo.findBlockchain(db, params.chainId);
    if (!chain) {
      const message = `chain ${params.chainId} is not a blockchain we support`;
      throw new AppError('VALIDATION_FAILED', message, {
        details: [{ field: 'body.params.chainId', message }],
      });
    }
    if (params.chainId !== deps.chainId) {
      const { chainName } = await settings();
      throw invalid(`wrong network: sign on ${chainName} (chain ${deps.chainId})`);
    }
    const at = now();
    const verifiedAfter = new Date(at.getTime() - signInMessageLifetimeMs);
    const id = await db.transaction().execute(async (trx) => {
      const claim = { nonce: params.nonce, userId, address, verifiedAfter };
      if (!(await repo.claimVerification(trx, claim, at))) {
        throw await unusableVerification(trx, params.nonce, userId, address);
      }
      const walletId = await repo.insertWallet(
        trx,
        { userId, name: metaMaskWalletName, address, chainId: chain.chainId },
        at,
      );
      if (walletId === undefined)
        throw new AppError('CONFLICT', 'this wallet is already saved to your account');
      return walletId;
    });
    return {
      id,
      name: metaMaskWalletName,
      address,
      blockchain: { name: chain.name, chainId: chain.chainId },
      is_watch_only: false,
    };
  }

  /** One step of the connect-wallet guide: checks the edge, runs its effect, answers the next state. */
  async function nextGuideState(userId: number, request: GuideRequest): Promise<GuideState> {
    const step = nextGuideStep(request.name, request.event);
    if (!step)
      throw new AppError(
        'CONFLICT',
        `${request.event} is not allowed in the ${request.name} step: start again`,
      );
    const base = { previous: request.name, events: step.events };
    switch (request.event) {
      case 'GET_MESSAGE': {
        const data = await issueMessage('connect-wallet', userId, request.params.address);
        return { name: 'NOT_STARTED', ...base, data };
      }
      case 'CONFIRM_SIGNATURE':
        return { name: 'CONFIRMED_SIGNATURE', ...base, data: await confirmSignature(userId, request.params) };
      case 'SAVE_ADDRESS':
        return {
          name: 'SAVED_ADDRESS',
          ...base,
          data: { wallet: await saveAddress(userId, request.params) },
        };
    }
  }

  const walletAccounts = createWalletAccounts({
    db,
    now,
    chainId: deps.chainId,
    accounts: deps.accounts,
    verifySignature,
    issueMessage,
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
    nextGuideState,
    issueSignUpMessage: async (address: string) => {
      const { message, expiresAt } = await issueMessage('sign-up', null, address);
      return { message, expiresAt };
    },
    issueLogInMessage: (address: string) => issueMessage('log-in', null, address),
    ...walletAccounts,
    watchWallet,
    describeRemoval,
    removeWallet,
  };

  /**
   * Adds an address to follow without signing: not a contract (farms pay wallets), at most
   * `watchOnlyLimit` per user, each address once per user.
   */
  async function watchWallet(userId: number, input: WatchWallet): Promise<Wallet> {
    const address = getAddress(input.address);
    if (deps.chain) {
      const code = await deps.chain.publicClient.getCode({ address }).catch((error: unknown) => {
        throw toChainUnavailable(error, 'eth_getCode', 10_000);
      });
      if (code && code !== '0x') {
        const message = `${address} is a contract, not a wallet: enter the address that holds the LP tokens`;
        throw new AppError('VALIDATION_FAILED', message, { details: [{ field: 'body.address', message }] });
      }
    }
    const { chainName } = await settings();
    const id = await db.transaction().execute(async (trx) => {
      if ((await repo.countWatchWallets(trx, userId)) >= watchOnlyLimit) {
        throw new AppError(
          'CONFLICT',
          `you can watch at most ${watchOnlyLimit} addresses: remove one first`,
          {
            extra: { limit: watchOnlyLimit },
          },
        );
      }
      const name = input.name ?? 'watch-only';
      const inserted = await repo.insertWatchWallet(
        trx,
        { userId, name, address, chainId: deps.chainId },
        now(),
      );
      if (inserted === undefined) throw new AppError('CONFLICT', `${address} is already one of your wallets`);
      return inserted;
    });
    return {
      id,
      name: input.name ?? 'watch-only',
      address,
      blockchain: { name: chainName, chainId: deps.chainId },
      is_watch_only: true,
    };
  }

  /** What removing a wallet would delete: its tracked farms, and their history nobody else tracks. */
  async function describeRemoval(userId: number, walletId: number): Promise<WalletRemoval> {
    const wallet = await repo.findWallet(db, userId, walletId);
    if (!wallet) throw new AppError('NOT_FOUND', 'wallet not found');
    const pairs = await trackedPairsOf(db, userId, wallet.address);
    return {
      wallet,
      tracked_farms: pairs.length,
      position_snapshots: await countPrivateSnapshots(db, userId, pairs),
    };
  }

  /** Removes a saved or watch-only wallet with its tracking and the history only it kept, in one transaction. */
  async function removeWallet(userId: number, walletId: number): Promise<WalletRemoval> {
    return db.transaction().execute(async (trx) => {
      const wallet = await repo.findWallet(trx, userId, walletId);
      if (!wallet) throw new AppError('NOT_FOUND', 'wallet not found');
      const pairs = await trackedPairsOf(trx, userId, wallet.address);
      await trx
        .deleteFrom('tracked_farms')
        .where('user_id', '=', userId)
        .where('wallet_address', '=', wallet.address)
        .execute();
      const snapshots = await releaseUntrackedPairs(trx, pairs, { deleteHistory: true });
      await repo.deleteWallet(trx, userId, walletId);
      return { wallet, tracked_farms: pairs.length, position_snapshots: snapshots };
    });
  }
}

export type WalletsService = ReturnType<typeof createWalletsService>;
