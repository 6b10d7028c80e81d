import type { VaultsWalletPositions } from '@tidewatch/shared';
import { requireSavedWallet } from '../../core/farms/saved-wallet.ts';
import type { VaultsDeps } from './context.ts';
import { readHoldings } from './read-holdings.ts';

/**
 * GET /api/quickswap/vaults/positions?wallet_address=: what one of the user's saved or watch-only wallets holds
 * in the Dragon's Lairs and in every syrup pool QuickSwap listed, valued at one block, in two requests
 * (readHoldings). A pool that cannot be read is listed as such; the others stand.
 */
export async function getWalletHoldings(
  ctx: VaultsDeps,
  userId: number,
  walletInput: string,
): Promise<VaultsWalletPositions> {
  const wallet = await requireSavedWallet(ctx, userId, walletInput);
  const { block, wallets } = await readHoldings(ctx, [
    { wallet, lairs: ctx.lairs.map((l) => l.lair), syrups: ctx.syrups, gammas: ctx.gammaVaults },
  ]);
  const read = wallets.get(wallet)!;
  return {
    wallet_address: wallet,
    block_number: Number(block.number),
    block_time: new Date(Number(block.timestamp) * 1000).toISOString(),
    lairs: read.lairs,
    syrups: read.syrups,
    syrups_listed: ctx.syrups.length,
    vaults: read.vaults,
    vaults_listed: ctx.gammaVaults.length,
    unreadable: read.unreadable,
    value_usd: read.valueUsd,
  };
}
