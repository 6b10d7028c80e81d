import type { PositionProfit, VaultReturns, VaultShare } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.ts';
import { parseVaultFigures } from './figures.ts';
import { vaultPositionProfit } from './profit.ts';
import { findVaultEvents, findVaultSnapshots } from './repository.ts';

type Amount = { token: { address: string }; amount: string; usd: number | null };
type StoredAmount = { address: string; decimals: number; amount: string };

/** USD per whole token, from an amount the snapshot valued; null when it has no price or no amount. */
const priceOf = (amount: Amount): number | null => {
  const whole = Number(amount.amount);
  return amount.usd === null || whole === 0 ? null : amount.usd / whole;
};

/** Whole tokens of a stored raw amount. */
const wholeOf = (amount: StoredAmount) => Number(amount.amount) / 10 ** amount.decimals;

/**
 * The wallet's share of liquidity in a concentrated range [a, b] (prices token1 per token0) that the amounts x, y
 * fill at price p, and what it holds at another price: Uniswap V3's (and Algebra's) amounts of a liquidity.
 */
function rangeAmounts(liquidity: number, p: number, a: number, b: number): [number, number] {
  const s = Math.sqrt(Math.min(Math.max(p, a), b));
  return [liquidity * (1 / s - 1 / Math.sqrt(b)), liquidity * (s - Math.sqrt(a))];
}
function rangeLiquidity(x: number, y: number, p: number, a: number, b: number): number {
  const [x1, y1] = rangeAmounts(1, p, a, b);
  const byX = x1 > 0 ? x / x1 : Number.POSITIVE_INFINITY;
  const byY = y1 > 0 ? y / y1 : Number.POSITIVE_INFINITY;
  const liquidity = Math.min(byX, byY);
  return Number.isFinite(liquidity) ? liquidity : 0;
}

/**
 * A vault's fee income between snapshots, estimated as the issue defines it: the growth of its amounts per share
 * beyond what the price move explains. From one snapshot to the next, the amounts per share are split into the
 * liquidity of the base range they fill at that price and the rest; the price move alone would turn that
 * liquidity into its amounts at the next price (the rest unchanged): what the share holds beyond that, at the next
 * snapshot's prices, is fee income (and the manager's rebalancing, which it cannot tell apart). Summed over the
 * snapshots, for the shares held at each. Null when a snapshot lacks a price.
 */
export function estimateVaultFeeIncome(snapshots: readonly VaultShare[]): number | null {
  let total = 0;
  for (let i = 1; i < snapshots.length; i++) {
    const before = snapshots[i - 1]!;
    const after = snapshots[i]!;
    const sharesBefore = Number(before.shares.held) + Number(before.shares.staked);
    const sharesAfter = Number(after.shares.held) + Number(after.shares.staked);
    if (sharesBefore === 0 || sharesAfter === 0) continue;
    const [p0, p1] = [priceOf(after.amounts[0]), priceOf(after.amounts[1])];
    if (p0 === null || p1 === null) return null;
    const [x, y] = [
      Number(before.amounts[0].amount) / sharesBefore,
      Number(before.amounts[1].amount) / sharesBefore,
    ];
    const [a, b] = [Number(before.base_range.lower), Number(before.base_range.upper)];
    const priceBefore = Number(before.price);
    const liquidity = rangeLiquidity(x, y, priceBefore, a, b);
    const [inX, inY] = rangeAmounts(liquidity, priceBefore, a, b);
    const [movedX, movedY] = rangeAmounts(liquidity, Number(after.price), a, b);
    const explained = (movedX + (x - inX)) * p0 + (movedY + (y - inY)) * p1;
    const actual =
      (Number(after.amounts[0].amount) / sharesAfter) * p0 +
      (Number(after.amounts[1].amount) / sharesAfter) * p1;
    total += (actual - explained) * sharesAfter;
  }
  return total;
}

/**
 * A tracked position's returns against holding at its newest snapshot (issue 45, Build 3): what it is worth
 * without its pending rewards, what the tokens put in (less those taken out) would be worth held instead at that
 * snapshot's prices, the difference, the rewards apart (claimed and pending), a vault's estimated fee income apart
 * from the price move, and its one profit. Null before any snapshot.
 */
export async function vaultPositionReturns(
  db: Kysely<Database>,
  chainId: number,
  position: { position_id: number; wallet_address: string },
): Promise<VaultReturns | null> {
  const snapshots = await findVaultSnapshots(db, position.position_id);
  const newest = snapshots.at(-1);
  if (!newest) return null;
  const profit: PositionProfit | null = await vaultPositionProfit(db, chainId, position, newest);
  const events = await findVaultEvents(db, [position.position_id]);
  const figures = parseVaultFigures(newest.figures);
  // What the position's tokens are worth now, per whole token, from the newest snapshot's own figures.
  const prices = new Map<string, number | null>();
  for (const amount of [
    ...(figures.vault?.amounts ?? []),
    ...(figures.lair ? [figures.lair.quick] : []),
    ...(figures.syrup ? [figures.syrup.staked] : []),
  ]) {
    prices.set(amount.token.address.toLowerCase(), priceOf(amount));
  }
  // The tokens put in less those taken out (a vault's deposits and withdrawals, the lair's QUICK, a syrup's stake).
  const held = new Map<string, number>();
  const add = (amount: StoredAmount, sign: 1 | -1) => {
    const key = amount.address.toLowerCase();
    held.set(key, (held.get(key) ?? 0) + sign * wholeOf(amount));
  };
  for (const event of events.filter((e) => Number(e.block_number) <= Number(newest.block_number))) {
    const movement = JSON.parse(event.movement) as { sent: StoredAmount[]; received: StoredAmount[] };
    if (event.kind === 'vault_deposit' || event.kind === 'lair_enter' || event.kind === 'stake') {
      for (const amount of movement.sent) add(amount, 1);
    }
    if (event.kind === 'vault_withdraw' || event.kind === 'lair_exit' || event.kind === 'withdraw') {
      for (const amount of movement.received) add(amount, -1);
    }
  }
  let holdValue: number | null = 0;
  for (const [token, amount] of held) {
    const price = prices.get(token);
    if (amount === 0) continue;
    holdValue =
      price === null || price === undefined || holdValue === null ? null : holdValue + amount * price;
  }
  const valueNow = profit?.value_now_usd ?? null;
  const vaultSeries = snapshots.flatMap((s) => {
    const vault = parseVaultFigures(s.figures).vault;
    return vault ? [vault] : [];
  });
  const isKnown = profit !== null && profit.unknown_because === null;
  const rewards =
    profit && profit.claimed_rewards_usd !== null && profit.pending_rewards_usd !== null
      ? profit.claimed_rewards_usd + profit.pending_rewards_usd
      : null;
  return {
    as_of_block: Number(newest.block_number),
    since: snapshots[0]!.created_on,
    value_now_usd: valueNow,
    hold_value_usd: isKnown ? holdValue : null,
    vs_hold_usd: isKnown && holdValue !== null && valueNow !== null ? valueNow - holdValue : null,
    rewards_usd: rewards,
    fee_income_usd: figures.vault || vaultSeries.length > 0 ? estimateVaultFeeIncome(vaultSeries) : null,
    profit,
  };
}
