import { dragonLair } from '@tidewatch/contracts';
import type { LairStake, SyrupStake, VaultShare } from '@tidewatch/shared';
import { type Abi, type Address, zeroAddress } from 'viem';
import { type PlannedBlock, ReadPlan } from '../../core/chain/read-plan.ts';
import type { ListedVault } from '../../core/farm-index/vault-registry.ts';
import { type RawAmount, sumUsd, toTokenAmount } from '../../core/prices/token-amounts.ts';
import { requireChain, type VaultsDeps } from './context.ts';
import { findHoldings, type LensHoldings } from './reads/find-holdings.ts';
import { planTokenValues } from './token-values.ts';
import { planVaultShare, type VaultHolding } from './vault-share.ts';

/** What to read for one wallet: the lairs, syrup pools and vaults (every manager's) to look in. */
export type HoldingsWanted = {
  wallet: Address;
  lairs: readonly Address[];
  syrups: readonly Address[];
  vaults: readonly ListedVault[];
};

/** One wallet's lair, syrup and vault positions at the read's block, valued; what could not be read apart. */
export type WalletHoldingsRead = {
  lairs: LairStake[];
  syrups: SyrupStake[];
  vaults: VaultShare[];
  unreadable: Address[];
  /** Every position above added up; null when a part has no price. */
  valueUsd: number | null;
};

/** Lens calls in flight at once for the wallets of one read. */
const lensesAtOnce = 8;

/** What the lens found for one wallet, sorted: held lairs, syrup stakes, vault shares, and what failed. */
function sortFound(wanted: HoldingsWanted, lens: LensHoldings) {
  const unreadable: Address[] = [
    ...lens.failedTokens.map((i) => wanted.lairs[i]!),
    ...lens.failedPools.map((i) => wanted.syrups[i]!),
    ...lens.failedVaults.map((i) => wanted.vaults[i]!.address),
  ];
  const lairs = lens.held.map((h) => ({ lair: wanted.lairs[h.index]!, dquick: h.amount }));
  const syrups = lens.pools.map((stake) => ({ ...stake, pool: wanted.syrups[stake.index]! }));
  const holdings = lens.vaults.map(
    (share): VaultHolding => ({
      vault: wanted.vaults[share.index]!,
      held: share.held,
      staked: share.staked,
      token0: share.token0,
      token1: share.token1,
      pool: share.pool,
      rewardToken: share.rewardToken === zeroAddress ? null : share.rewardToken,
      rewarders: share.rewarders,
    }),
  );
  return { lairs, syrups, holdings, unreadable };
}

/**
 * Reads wallets' Dragon's Lair, syrup and vault positions at one block, valued, in two requests for a wallet: the
 * lens (reads/find-holdings.ts: every lair, listed syrup pool and vault, held and staked, in one eth_call),
 * then, at its block, what it found names: each lair's QUICKBalance, each held vault's state and pending reward,
 * and every token's symbol, decimals and price by the one rule. The wallet list of the vaults tool and the
 * scheduled snapshots of tracked positions both read here, so a position has one figure per block.
 */
export async function readHoldings(
  ctx: VaultsDeps,
  wanted: readonly HoldingsWanted[],
  at: bigint | 'latest' = 'latest',
): Promise<{ block: PlannedBlock; wallets: Map<Address, WalletHoldingsRead> }> {
  const { chain, prices } = requireChain(ctx);
  const places = (w: HoldingsWanted) => ({
    tokens: w.lairs,
    pools: w.syrups,
    vaults: w.vaults.map((v) => ({ vault: v.address, staking: v.staking })),
  });
  // The first wallet at `at` (the latest block by default), the others at its block: every figure of the answer is
  // of one block.
  const [first, ...rest] = wanted;
  const firstLens = await findHoldings(chain, first!.wallet, places(first!), at);
  const block = firstLens.block;
  // A scheduled batch holds up to 200 wallets: a few lens calls at a time, not all at once at the RPC.
  const lenses = [firstLens];
  for (let i = 0; i < rest.length; i += lensesAtOnce) {
    const chunk = rest.slice(i, i + lensesAtOnce);
    lenses.push(
      ...(await Promise.all(chunk.map((w) => findHoldings(chain, w.wallet, places(w), block.number)))),
    );
  }
  const found = wanted.map((w, i) => ({ wallet: w.wallet, ...sortFound(w, lenses[i]!) }));

  const quickOf = new Map(ctx.lairs.map((l) => [l.lair.toLowerCase(), l.quick]));
  const value = new ReadPlan();
  const lairQuick = found.map((f) =>
    f.lairs.map((stake) => {
      const paid = { quick: 0n };
      value.add<bigint>(
        {
          label: `lair ${stake.lair}: QUICKBalance`,
          address: stake.lair,
          abi: dragonLair.abi as Abi,
          functionName: 'QUICKBalance',
          args: [f.wallet],
        },
        (v) => {
          paid.quick = v;
        },
      );
      return paid;
    }),
  );
  const shares = found.map((f) =>
    f.holdings.map((holding) => ({
      vault: holding.vault.address,
      share: planVaultShare(value, f.wallet, holding),
    })),
  );
  const amountsOf = planTokenValues({ ...ctx, prices }, value, [
    ...found.flatMap((f) => [
      ...f.lairs.flatMap((s) => [s.lair, quickOf.get(s.lair.toLowerCase())!]),
      ...f.syrups.flatMap((s) => [s.stakingToken, s.rewardsToken]),
      ...f.holdings.flatMap((h) => [
        h.token0,
        h.token1,
        ...(h.rewardToken ? [h.rewardToken] : []),
        ...h.rewarders.flatMap((r) => (r.token === zeroAddress ? [] : [r.token])),
      ]),
    ]),
  ]);
  await value.run(chain, block.number, chain.maxCalldataBytes);
  const amountOf = await amountsOf();

  const wallets = new Map<Address, WalletHoldingsRead>();
  for (const [i, f] of found.entries()) {
    const parts: RawAmount[] = [];
    const lairs = f.lairs.map((stake, k): LairStake => {
      const dquick = amountOf(stake.lair, stake.dquick);
      const quick = amountOf(quickOf.get(stake.lair.toLowerCase())!, lairQuick[i]![k]!.quick);
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
    const unreadable = [...f.unreadable];
    const vaults: VaultShare[] = [];
    let hasUnreadShares = false;
    for (const { vault, share } of shares[i]!) {
      const read = share(amountOf);
      if (read) vaults.push(read);
      else {
        unreadable.push(vault);
        hasUnreadShares = true;
      }
    }
    // Shares the wallet holds in a vault that could not be valued: the wallet's total is unknown, not smaller.
    const known = [sumUsd(parts), ...vaults.map((v) => v.usd), ...(hasUnreadShares ? [null] : [])];
    const valueUsd = known.some((usd) => usd === null)
      ? null
      : known.reduce<number>((a, b) => a + (b ?? 0), 0);
    wallets.set(f.wallet, { lairs, syrups, vaults, unreadable, valueUsd });
  }
  return { block, wallets };
}
