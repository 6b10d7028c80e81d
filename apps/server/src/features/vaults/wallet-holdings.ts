import type { LairStake, SyrupStake, VaultsWalletPositions } from '@tidewatch/shared';
import { findLairAndSyrupStakes } from '../../core/chain/lair-syrup-stakes.ts';
import { requireSavedWallet } from '../../core/farms/saved-wallet.ts';
import { type RawAmount, sumUsd, toTokenAmount } from '../../core/prices/token-amounts.ts';
import { requireChain, type VaultsDeps } from './context.ts';
import { readTokenValues } from './token-values.ts';

/**
 * GET /api/quickswap/vaults/positions?wallet_address=: what one of the user's saved or watch-only wallets holds
 * in the Dragon's Lairs and in every syrup pool QuickSwap listed, valued at one block, in two requests: the
 * stakes (one aggregate3 over every lair and pool, the block read inside it), then the tokens they name (symbol,
 * decimals, price) at that block. A pool that cannot be read is listed as such; the others stand.
 */
export async function getWalletHoldings(
  ctx: VaultsDeps,
  userId: number,
  walletInput: string,
): Promise<VaultsWalletPositions> {
  const { chain, prices } = requireChain(ctx);
  const wallet = await requireSavedWallet(ctx, userId, walletInput);
  const found = await findLairAndSyrupStakes(chain, wallet, {
    lairs: ctx.lairs.map((l) => l.lair),
    syrups: ctx.syrups,
  });
  const quickOf = new Map(ctx.lairs.map((l) => [l.lair.toLowerCase(), l.quick]));
  const amountOf = await readTokenValues(
    { ...ctx, chain, prices },
    [
      ...found.lairs.flatMap((s) => [s.lair, quickOf.get(s.lair.toLowerCase())!]),
      ...found.syrups.flatMap((s) => [s.stakingToken, s.rewardsToken]),
    ],
    found.block.number,
  );
  const parts: RawAmount[] = [];
  const lairs = found.lairs.map((stake): LairStake => {
    const dquick = amountOf(stake.lair, stake.dquick);
    const quick = amountOf(quickOf.get(stake.lair.toLowerCase())!, stake.quick);
    parts.push(quick);
    // The lair's own figure of what the dQUICK is worth (QUICKBalance), at QUICK's price.
    return {
      lair: stake.lair,
      dquick: toTokenAmount(dquick),
      quick: toTokenAmount(quick),
      usd: sumUsd([quick]),
    };
  });
  const now = found.block.timestamp;
  const syrups = found.syrups.map((stake): SyrupStake => {
    const staked = amountOf(stake.stakingToken, stake.staked);
    const earned = amountOf(stake.rewardsToken, stake.earned);
    parts.push(staked, earned);
    return {
      pool: stake.pool,
      staked: toTokenAmount(staked),
      earned: toTokenAmount(earned),
      ends_at: new Date(Number(stake.periodFinish) * 1000).toISOString(),
      is_ended: stake.periodFinish <= now,
      usd: sumUsd([staked, earned]),
    };
  });
  return {
    wallet_address: wallet,
    block_number: Number(found.block.number),
    block_time: new Date(Number(now) * 1000).toISOString(),
    lairs,
    syrups,
    syrups_listed: ctx.syrups.length,
    unreadable: found.unreadable,
    value_usd: sumUsd(parts),
  };
}
