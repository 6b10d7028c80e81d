import type { LairStake, SyrupStake } from '@tidewatch/shared';
import type { Address } from 'viem';
import { planLairAndSyrupStakes } from '../../core/chain/lair-syrup-stakes.ts';
import type { PlannedBlock } from '../../core/chain/read-plan.ts';
import { ReadPlan } from '../../core/chain/read-plan.ts';
import { type RawAmount, sumUsd, toTokenAmount } from '../../core/prices/token-amounts.ts';
import { requireChain, type VaultsDeps } from './context.ts';
import { readTokenValues } from './token-values.ts';

/** What to read for one wallet: the lairs and syrup pools to look in. */
export type HoldingsWanted = { wallet: Address; lairs: readonly Address[]; syrups: readonly Address[] };

/** One wallet's lair and syrup stakes at the read's block, valued; pools that could not be read apart. */
export type WalletHoldingsRead = {
  lairs: LairStake[];
  syrups: SyrupStake[];
  unreadable: Address[];
  /** Every stake above added up; null when a part has no price. */
  valueUsd: number | null;
};

/**
 * Reads wallets' Dragon's Lair and syrup stakes at one block, valued, in two requests whatever their number:
 * one aggregate3 over every wallet's lairs and pools (the block read inside it), then the tokens they name
 * (symbol, decimals, price by the one rule) at that block. The wallet list of the vaults tool and the scheduled
 * snapshots of tracked positions both read here, so a position has one figure per block.
 */
export async function readHoldings(
  ctx: VaultsDeps,
  wanted: readonly HoldingsWanted[],
): Promise<{ block: PlannedBlock; wallets: Map<Address, WalletHoldingsRead> }> {
  const { chain, prices } = requireChain(ctx);
  const plan = new ReadPlan();
  const block = plan.addBlock(chain.multicall3Address);
  const reads = wanted.map((w) => ({ wallet: w.wallet, found: planLairAndSyrupStakes(plan, w.wallet, w) }));
  await plan.run(chain, 'latest', chain.maxCalldataBytes);
  const found = reads.map((r) => ({ wallet: r.wallet, ...r.found() }));
  const quickOf = new Map(ctx.lairs.map((l) => [l.lair.toLowerCase(), l.quick]));
  const amountOf = await readTokenValues(
    { ...ctx, chain, prices },
    found.flatMap((f) => [
      ...f.lairs.flatMap((s) => [s.lair, quickOf.get(s.lair.toLowerCase())!]),
      ...f.syrups.flatMap((s) => [s.stakingToken, s.rewardsToken]),
    ]),
    block.number,
  );
  const wallets = new Map<Address, WalletHoldingsRead>();
  for (const f of found) {
    const parts: RawAmount[] = [];
    const lairs = f.lairs.map((stake): LairStake => {
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
    const syrups = f.syrups.map((stake): SyrupStake => {
      const staked = amountOf(stake.stakingToken, stake.staked);
      const earned = amountOf(stake.rewardsToken, stake.earned);
      parts.push(staked, earned);
      return {
        pool: stake.pool,
        staked: toTokenAmount(staked),
        earned: toTokenAmount(earned),
        ends_at: new Date(Number(stake.periodFinish) * 1000).toISOString(),
        is_ended: stake.periodFinish <= block.timestamp,
        usd: sumUsd([staked, earned]),
      };
    });
    wallets.set(f.wallet, { lairs, syrups, unreadable: f.unreadable, valueUsd: sumUsd(parts) });
  }
  return { block, wallets };
}
