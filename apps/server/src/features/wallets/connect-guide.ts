import {
  AppError,
  type GuideState,
  type SaveAddressParams,
  signInMessageLifetimeMs,
  type Wallet,
} from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { getAddress, type Hex } from 'viem';
import type { Database } from '../../core/db/types.ts';
import { alreadyUsed, invalid, siweSettings, type WalletsContext } from './context.ts';
import { metaMaskWalletName, nextGuideStep } from './guide.ts';
import * as repo from './repository.ts';
import { issueMessage, verifySignature } from './sign-in-messages.ts';

/** Parsed guide request (see `nextStateRequestSchema`). */
export type GuideRequest =
  | { name: GuideState['name']; event: 'GET_MESSAGE'; params: { address: string } }
  | {
      name: GuideState['name'];
      event: 'CONFIRM_SIGNATURE';
      params: { signature: string; address: string; message?: string | undefined };
    }
  | { name: GuideState['name']; event: 'SAVE_ADDRESS'; params: SaveAddressParams };

/** One step of the connect-wallet guide: checks the edge, runs its effect, answers the next state. */
export async function nextGuideState(
  ctx: WalletsContext,
  userId: number,
  request: GuideRequest,
): Promise<GuideState> {
  const step = nextGuideStep(request.name, request.event);
  if (!step)
    throw new AppError(
      'CONFLICT',
      `${request.event} is not allowed in the ${request.name} step: start again`,
    );
  const base = { previous: request.name, events: step.events };
  switch (request.event) {
    case 'GET_MESSAGE': {
      const data = await issueMessage(ctx, 'connect-wallet', userId, request.params.address);
      return { name: 'NOT_STARTED', ...base, data };
    }
    case 'CONFIRM_SIGNATURE':
      return {
        name: 'CONFIRMED_SIGNATURE',
        ...base,
        data: await confirmSignature(ctx, userId, request.params),
      };
    case 'SAVE_ADDRESS':
      return {
        name: 'SAVED_ADDRESS',
        ...base,
        data: { wallet: await saveAddress(ctx, userId, request.params) },
      };
  }
}

async function confirmSignature(
  ctx: WalletsContext,
  userId: number,
  params: { signature: string; address: string; message?: string | undefined },
) {
  const address = getAddress(params.address);
  let message = params.message;
  if (message === undefined) {
    const latest = await repo.findLatestGuideNonce(ctx.db, userId, address);
    if (!latest) throw invalid(`no sign-in message was issued for ${address}: start again`);
    message = latest.message;
  }
  const verified = await verifySignature(ctx, {
    purpose: 'connect-wallet',
    userId,
    message,
    signature: params.signature as Hex,
    expectedAddress: address,
  });
  if (!(await repo.consumeNonce(ctx.db, verified.row.id, ctx.now()))) throw alreadyUsed();
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
  if (row.saved_at !== null) return invalid('this signature was already used to save a wallet: start again');
  return invalid('your signature confirmation has expired, start again');
}

async function saveAddress(ctx: WalletsContext, userId: number, params: SaveAddressParams): Promise<Wallet> {
  const address = getAddress(params.address);
  const chain = await repo.findBlockchain(ctx.db, params.chainId);
  if (!chain) {
    const message = `chain ${params.chainId} is not a blockchain we support`;
    throw new AppError('VALIDATION_FAILED', message, {
      details: [{ field: 'body.params.chainId', message }],
    });
  }
  if (params.chainId !== ctx.chainId) {
    const { chainName } = await siweSettings(ctx);
    throw invalid(`wrong network: sign on ${chainName} (chain ${ctx.chainId})`);
  }
  const at = ctx.now();
  const verifiedAfter = new Date(at.getTime() - signInMessageLifetimeMs);
  const id = await ctx.db.transaction().execute(async (trx) => {
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
