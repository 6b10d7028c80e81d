import { AppError } from '@tidewatch/shared';
import { type Address, getAddress } from 'viem';
import type { DbOrTrx } from '../db/index.ts';
import { isVerifiedWallet } from './repository.ts';

/**
 * One of the user's saved (or watch-only) wallets on the chain, checksummed; NOT_FOUND otherwise, so a wallet
 * the user has not saved reads as nothing rather than as someone else's data.
 */
export async function requireSavedWallet(
  ctx: { db: DbOrTrx; chainId: number },
  userId: number,
  wallet: string,
): Promise<Address> {
  const address = getAddress(wallet);
  if (!(await isVerifiedWallet(ctx.db, userId, address, ctx.chainId))) {
    throw new AppError('NOT_FOUND', `${address} is not one of your saved wallets: save or watch it first`);
  }
  return address;
}
