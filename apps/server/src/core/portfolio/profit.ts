import { formatUsd, type PositionProfit } from '@tidewatch/shared';
import { sumKnown } from '../history/returns.ts';

const negate = (value: number | null) => (value === null ? null : -value);

/**
 * A position's profit at one snapshot, its parts named. Every screen and export of a position takes its value
 * now and total profit from here (issue 42, finding 3), so they cannot disagree:
 *   total profit = value now + withdrawn + claimed rewards + pending rewards − deposited − gas
 * V3's swap fees are inside two of those parts (uncollected in value now, collected in withdrawn) and named
 * apart in `feesUsd`, never added twice.
 */
export type ProfitParts = {
  asOfBlock: number;
  valueNowUsd: number | null;
  depositedUsd: number | null;
  withdrawnUsd: number | null;
  claimedRewardsUsd: number | null;
  pendingRewardsUsd: number | null;
  /** V3 only: swap fees collected (in withdrawn) plus uncollected (in value now); undefined for a V2 stake. */
  feesUsd?: number | null | undefined;
  gasUsd: number | null;
  /** Why total profit cannot be told even when every part is known (events not final, a transfer); else null. */
  unknownBecause: string | null;
};

/** The one total profit of `parts`; null when a part is unknown or `unknownBecause` says why. */
export function totalProfit(
  parts: ProfitParts,
  options: { pending: boolean } = { pending: true },
): number | null {
  if (parts.unknownBecause !== null) return null;
  return sumKnown([
    parts.valueNowUsd,
    parts.withdrawnUsd,
    parts.claimedRewardsUsd,
    options.pending ? parts.pendingRewardsUsd : 0,
    negate(parts.depositedUsd),
    negate(parts.gasUsd),
  ]);
}

/** The parts and their total as the API sends them. */
export function toProfitWire(parts: ProfitParts): PositionProfit {
  return {
    as_of_block: parts.asOfBlock,
    value_now_usd: parts.valueNowUsd,
    deposited_usd: parts.depositedUsd,
    withdrawn_usd: parts.withdrawnUsd,
    claimed_rewards_usd: parts.claimedRewardsUsd,
    pending_rewards_usd: parts.pendingRewardsUsd,
    ...(parts.feesUsd === undefined ? {} : { fees_usd: parts.feesUsd }),
    gas_usd: parts.gasUsd,
    total_profit_usd: totalProfit(parts),
    unknown_because: parts.unknownBecause,
  };
}

/** What a returns panel carries beside its own figures: the one total profit, and why its figures differ. */
export type ProfitBeside = { total_profit_usd: number | null; total_profit_note: string | null };

/**
 * The one profit beside a returns panel (issue 42, finding 3): its total, and in words why the panel's own
 * figures differ from it. `returnsBlock` is the block of the returns' value now; `leavesOut` what the returns'
 * own figure leaves out ('gas' for a V2 stake's profit and loss, 'uncollected fees' for V3's value now).
 */
export function profitBesideReturns(
  profit: PositionProfit | null | undefined,
  returnsBlock: number | null,
  leavesOut: 'gas' | 'uncollected fees',
): ProfitBeside {
  if (!profit) {
    return {
      total_profit_usd: null,
      total_profit_note:
        'Total profit waits for a snapshot whose events are final: the history is still being read.',
    };
  }
  const notes: string[] = [];
  if (returnsBlock !== null && returnsBlock !== profit.as_of_block) {
    notes.push(
      `Total profit is of block ${profit.as_of_block}, the newest snapshot whose events are final; value now ` +
        `here is of block ${returnsBlock}.`,
    );
  }
  if (leavesOut === 'gas') {
    notes.push(
      `Profit and loss leaves out the gas paid (${formatUsd(profit.gas_usd)}); total profit takes it off.`,
    );
  } else {
    notes.push(
      'Value now here leaves out the uncollected fees (they are in fees earned); total profit counts them in ' +
        `value now (${formatUsd(profit.value_now_usd)}), and takes off the gas paid (${formatUsd(profit.gas_usd)}).`,
    );
  }
  if (profit.unknown_because) notes.push(profit.unknown_because);
  return { total_profit_usd: profit.total_profit_usd, total_profit_note: notes.join(' ') };
}
