import type { PositionProfit, TokenRef } from '@tidewatch/shared';
import { writeCsv } from '../../core/csv/write-csv.ts';
import type { V3PositionSnapshotRow } from '../../core/db/tables/v3-positions.ts';

/** The columns of a V3 position's snapshots CSV, in order. */
const v3SnapshotCsvHeader = [
  'time',
  'block',
  'in_range',
  'tick',
  'liquidity',
  'token0',
  'token1',
  'amount0',
  'amount1',
  'fees0',
  'fees1',
  'value_usd',
  'fees_usd',
  'rewards_usd',
  'price0_usd',
  'price1_usd',
  'value_now_usd',
  'total_profit_usd',
  'chain',
] as const;

const usd = (value: number | null) => (value === null ? '' : String(value));

/**
 * One row per snapshot, oldest first: ISO-8601 time, block, whether in range and the pool's tick, the
 * liquidity, the tokens' symbols, the amounts and uncollected fees in whole tokens (exact decimal text), and
 * the USD figures and token prices (empty = unknown, never 0). RFC 4180 with every cell neutralised against
 * formulas (writeCsv): token symbols come from the chain, and anyone can name a token `=HYPERLINK(…)`. On the
 * row of the books' snapshot, the position's one value now (uncollected fees in) and total profit (issue 42),
 * the figures its returns, books and the dashboard show; empty on the other rows.
 */
export function renderV3SnapshotsCsv(
  rows: V3PositionSnapshotRow[],
  tokens: { token0: TokenRef; token1: TokenRef },
  profit: PositionProfit | null | undefined,
  /** The chain the position is on ('Polygon'), named on every row (issue 47). */
  chainName: string,
): string {
  const profitRow = profit
    ? rows.findLast((row) => Number(row.block_number) === profit.as_of_block)
    : undefined;
  const records = rows.map((row) => [
    new Date(row.created_on).toISOString(),
    String(Number(row.block_number)),
    row.in_range === 1 ? 'yes' : 'no',
    String(row.tick),
    row.liquidity,
    tokens.token0.symbol,
    tokens.token1.symbol,
    row.amount0,
    row.amount1,
    row.fees0 ?? '',
    row.fees1 ?? '',
    usd(row.value_usd),
    usd(row.fees_usd),
    usd(row.rewards_usd),
    usd(row.price0_usd),
    usd(row.price1_usd),
    row === profitRow ? usd(profit?.value_now_usd ?? null) : '',
    row === profitRow ? usd(profit?.total_profit_usd ?? null) : '',
    chainName,
  ]);
  return writeCsv(v3SnapshotCsvHeader, records);
}
