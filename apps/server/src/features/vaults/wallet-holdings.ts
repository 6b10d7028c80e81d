import type { VaultsWalletPositions } from '@tidewatch/shared';
import { requireSavedWallet } from '../../core/farms/saved-wallet.ts';
import type { VaultsDeps } from './context.ts';
import { listVaults } from './lists/vault-list.ts';
import { readHoldings } from './read-holdings.ts';

/**
 * GET /api/quickswap/vaults/positions?wallet_address=: what one of the user's saved or watch-only wallets holds
 * in the Dragon's Lairs, every syrup pool and every vault QuickSwap listed, valued at one block, in two requests
 * (readHoldings). A pool that cannot be read is listed as such; the others stand.
 */
export async function getWalletHoldings(
  ctx: VaultsDeps,
  userId: number,
  walletInput: string,
): Promise<VaultsWalletPositions> {
  const wallet = await requireSavedWallet(ctx, userId, walletInput);
  const { vaults, unavailableLists } = await listVaults(ctx);
  const { block, wallets } = await readHoldings(ctx, [
    { wallet, lairs: ctx.lairs.map((l) => l.lair), syrups: ctx.syrups, vaults },
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
    vaults_listed: vaults.length,
    unavailable_lists: unavailableLists,
    unreadable: read.unreadable,
    value_usd: read.valueUsd,
  };
}
