import { AppError, type Wallet, type WatchWallet, watchOnlyLimit } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { toChainUnavailable } from '../../core/chain/client.ts';
import { siweSettings, type WalletsContext } from './context.ts';
import * as repo from './repository.ts';

/**
 * Adds an address to follow without signing: not a contract (farms pay wallets), at most
 * `watchOnlyLimit` per user, each address once per user.
 */
export async function watchWallet(ctx: WalletsContext, userId: number, input: WatchWallet): Promise<Wallet> {
  const address = getAddress(input.address);
  if (ctx.chain) {
    const code = await ctx.chain.publicClient.getCode({ address }).catch((error: unknown) => {
      throw toChainUnavailable(error, 'eth_getCode', 10_000);
    });
    if (code && code !== '0x') {
      const message = `${address} is a contract, not a wallet: enter the address that holds the LP tokens`;
      throw new AppError('VALIDATION_FAILED', message, { details: [{ field: 'body.address', message }] });
    }
  }
  const { chainName } = await siweSettings(ctx);
  const id = await ctx.db.transaction().execute(async (trx) => {
    if ((await repo.countWatchWallets(trx, userId)) >= watchOnlyLimit) {
      throw new AppError('CONFLICT', `you can watch at most ${watchOnlyLimit} addresses: remove one first`, {
        extra: { limit: watchOnlyLimit },
      });
    }
    const name = input.name ?? 'watch-only';
    const inserted = await repo.insertWatchWallet(
      trx,
      { userId, name, address, chainId: ctx.chainId },
      ctx.now(),
    );
    if (inserted === undefined) throw new AppError('CONFLICT', `${address} is already one of your wallets`);
    return inserted;
  });
  return {
    id,
    name: input.name ?? 'watch-only',
    address,
    blockchain: { name: chainName, chainId: ctx.chainId },
    is_watch_only: true,
  };
}
