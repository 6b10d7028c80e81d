import type { PositionProfit, ReturnsPoint } from '@tidewatch/shared';
import { parseUnits } from 'viem';
import { writeCsv } from '../../core/csv/write-csv.ts';
import type { PositionSnapshotRow } from '../../core/db/tables/farms.ts';
import { parsePriceSources } from '../../core/history/price-source-marks.ts';

export type CsvTokens = {
  lpDecimals: number;
  rewardA: { symbol: string; decimals: number };
  rewardB: { symbol: string; decimals: number } | null;
  /** The farm's token symbols by lower-case address, to name each price's source by token. */
  tokenSymbols?: Map<string, string>;
  /** The chain the farm is on ('Polygon'), named on every row (issue 47). */
  chainName: string;
};

const header = [
  'time',
  'block',
  'staked_raw',
  'staked_decimals',
  'value_usd',
  'share_of_farm',
  'reward_a_symbol',
  'earned_a_raw',
  'earned_a_decimals',
  'earned_a_usd',
  'reward_b_symbol',
  'earned_b_raw',
  'earned_b_decimals',
  'earned_b_usd',
  'hodl_value_usd',
  'rewards_usd',
  'price_sources',
  'price_source_changed',
  'value_now_usd',
  'total_profit_usd',
  'chain',
];

const usd = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** 'WMATIC=pair; QUICK=coinmarketcap' (decision 021); empty when unknown (rows from before issue 30). */
function sourcesCell(stored: string | null, symbols: Map<string, string> | undefined): string {
  const sources = parsePriceSources(stored);
  if (!sources) return '';
  return Object.entries(sources)
    .map(([address, source]) => `${symbols?.get(address.toLowerCase()) ?? address}=${source ?? 'unknown'}`)
    .join('; ');
}

/**
 * One row per position snapshot, oldest first: ISO-8601 time, block, raw on-chain amounts with their
 * decimals (exact integers, back from the stored whole-token text), USD figures (empty = unknown), and the
 * price source of each token with a mark where one changed (issue 30). On the row of the books' snapshot (the
 * newest whose events are final), the position's one value now and total profit (issue 42), the figures its
 * returns, books and the dashboard show; empty on the other rows.
 * RFC 4180 with every cell neutralised against formulas (writeCsv).
 */
export function renderPositionsCsv(
  rows: PositionSnapshotRow[],
  chart: ReturnsPoint[],
  tokens: CsvTokens,
  profit?: PositionProfit | null,
): string {
  const pointAt = new Map(chart.map((point) => [`${point.block_number}:${point.created_on}`, point]));
  // The one row of the profit's moment: the last snapshot of its block (oldest first).
  const profitRow = profit ? rows.find((row) => Number(row.block_number) === profit.as_of_block) : undefined;
  const records = [...rows].reverse().map((row) => {
    const isProfitRow = row === profitRow;
    const point = pointAt.get(`${Number(row.block_number)}:${row.created_on}`);
    return [
      new Date(row.created_on).toISOString(),
      String(Number(row.block_number)),
      parseUnits(row.staked, tokens.lpDecimals).toString(),
      String(tokens.lpDecimals),
      usd(row.total_liquidity_usd),
      usd(row.share_of_farm),
      tokens.rewardA.symbol,
      parseUnits(row.earned_a, tokens.rewardA.decimals).toString(),
      String(tokens.rewardA.decimals),
      usd(row.earned_a_in_usd),
      tokens.rewardB?.symbol ?? '',
      tokens.rewardB && row.earned_b !== null
        ? parseUnits(row.earned_b, tokens.rewardB.decimals).toString()
        : '',
      tokens.rewardB ? String(tokens.rewardB.decimals) : '',
      usd(row.earned_b_in_usd),
      usd(point?.hodl_value_usd),
      usd(point?.rewards_usd),
      sourcesCell(row.price_sources, tokens.tokenSymbols),
      // The figure may jump here with no trade: a token's price came from another source than the row before.
      point?.price_source_changed ? 'yes' : 'no',
      isProfitRow ? usd(profit?.value_now_usd) : '',
      isProfitRow ? usd(profit?.total_profit_usd) : '',
      tokens.chainName,
    ];
  });
  return writeCsv(header, records);
}
