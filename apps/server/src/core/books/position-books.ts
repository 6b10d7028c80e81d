import type { LedgerRow, PositionBooks } from '@tidewatch/shared';
import { sumKnown } from '../history/returns.ts';
import { type ProfitParts, toProfitWire, totalProfit } from '../portfolio/profit.ts';

const usdOfKinds = (rows: LedgerRow[], kinds: LedgerRow['kind'][]) =>
  sumKnown(rows.filter((row) => kinds.includes(row.kind)).map((row) => row.usd));

/** The position now: its newest snapshot's block and figures. */
export type BooksNow = {
  asOfBlock: number;
  /** V2: the staked LP's worth; V3: the liquidity's worth plus uncollected fees. Pending rewards apart. */
  valueUsd: number | null;
  pendingRewardsUsd: number | null;
  /** V3: the uncollected swap fees inside `valueUsd` (named in the profit's fees); absent for a V2 stake. */
  uncollectedFeesUsd?: number | null | undefined;
  /** Which prices each figure used, one sentence. */
  prices: string;
  /**
   * Why total profit cannot be told though every figure is known (a V3 position transferred in or out: what
   * came or went with the NFT is in value now or in no withdrawal, at no price), said in `prices`.
   */
  profitUnknownBecause?: string | undefined;
};

/** Said when value now is newer than the events: total profit waits until they are final. */
const notFinalYet = (asOfBlock: number, finalBlock: number) =>
  ` Total profit is unknown for now: value now is of block ${asOfBlock}, the events only read to the final ` +
  `block ${finalBlock}; a change between them would count twice or not at all.`;

/**
 * A position's books from its ledger rows (every year, its own transactions) and a snapshot:
 *   deposited = stakes / V3 increases, and an opening balance, each at its block
 *   withdrawn = withdrawals / V3 decreases and the V3 fees collected, each at its block
 *   rewards income = claims, each at its block's price
 *   gas = what the wallet paid for these transactions
 * and from them the one profit (core/portfolio/profit.ts, pending rewards in) and the books' total profit
 * = the same without pending rewards (rotki's "vs USD"). Each figure null when a part of it is unknown. With
 * `finalBlock` (the block the events were read to), a snapshot above it leaves total profit null, said in
 * `prices`: the two would disagree.
 */
export function positionBooks(rows: LedgerRow[], now: BooksNow, finalBlock?: number): PositionBooks {
  const parts = profitParts(rows, now, finalBlock);
  let gasWei = 0n;
  let gasUnknownRows = 0;
  for (const row of rows) {
    if (row.gas.status === 'unknown') gasUnknownRows += 1;
    if (row.gas.status === 'paid') gasWei += BigInt(row.gas.fee_pol ?? '0');
  }
  const unknownBecause = parts.unknownBecause ? ` ${parts.unknownBecause}` : '';
  return {
    as_of_block: now.asOfBlock,
    prices: `${now.prices}${unknownBecause}`,
    value_now_usd: now.valueUsd,
    deposited_usd: parts.depositedUsd,
    withdrawn_usd: parts.withdrawnUsd,
    rewards_income_usd: parts.claimedRewardsUsd,
    pending_rewards_usd: now.pendingRewardsUsd,
    gas_pol: gasWei.toString(),
    gas_usd: parts.gasUsd,
    gas_unknown_rows: gasUnknownRows,
    usd_unknown_rows: rows.filter((row) => row.kind !== 'fee_only' && row.usd === null).length,
    total_profit_usd: totalProfit(parts, { pending: false }),
    profit: toProfitWire(parts),
  };
}

/** The profit's parts from a position's ledger rows up to a snapshot and the snapshot's figures. */
function profitParts(rows: LedgerRow[], now: BooksNow, finalBlock?: number): ProfitParts {
  // Value now from a block the events were not read to yet: a stake since would count in value now only.
  const isAhead = finalBlock !== undefined && now.asOfBlock > finalBlock;
  const depositKinds: LedgerRow['kind'][] = ['stake', 'opening_balance', 'v3_deposit'];
  // No deposit known yet (the history is not built): the profit cannot be told, not "all of the value".
  const deposited = rows.some((row) => depositKinds.includes(row.kind))
    ? usdOfKinds(rows, depositKinds)
    : null;
  const gasUsd: (number | null)[] = [];
  for (const row of rows) {
    if (row.gas.status === 'unknown') gasUsd.push(null);
    if (row.gas.status === 'paid') gasUsd.push(row.gas.fee_usd);
  }
  const reasons = [
    isAhead && finalBlock !== undefined ? notFinalYet(now.asOfBlock, finalBlock).trim() : null,
    now.profitUnknownBecause,
  ];
  const unknownBecause = reasons.filter((reason) => reason).join(' ');
  return {
    asOfBlock: now.asOfBlock,
    valueNowUsd: now.valueUsd,
    depositedUsd: deposited,
    withdrawnUsd: usdOfKinds(rows, ['withdraw', 'v3_withdraw', 'v3_fees']),
    claimedRewardsUsd: usdOfKinds(rows, ['reward', 'v3_reward']),
    pendingRewardsUsd: now.pendingRewardsUsd,
    ...(now.uncollectedFeesUsd === undefined
      ? {}
      : { feesUsd: sumKnown([usdOfKinds(rows, ['v3_fees']), now.uncollectedFeesUsd]) }),
    gasUsd: sumKnown(gasUsd),
    unknownBecause: unknownBecause === '' ? null : unknownBecause,
  };
}
