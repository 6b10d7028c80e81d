import type { ReturnsPoint } from '@tidewatch/shared';
import { parseUnits } from 'viem';
import { writeCsv } from '../csv/write-csv.ts';
import type { PositionSnapshotRow } from '../features/farms/tables.ts';

export type CsvTokens = {
  lpDecimals: number;
  rewardA: { symbol: string; decimals: number };
  rewardB: { symbol: string; decimals: number } | null;
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
];

const usd = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * One row per position snapshot, oldest first: ISO-8601 time, block, raw on-chain amounts with their
 * decimals (exact integers, back from the stored whole-token text), USD figures (empty = unknown).
 * RFC 4180 with every cell neutralised against formulas (writeCsv).
 */
export function renderPositionsCsv(
  rows: PositionSnapshotRow[],
  chart: ReturnsPoint[],
  tokens: CsvTokens,
): string {
  const pointAt = new Map(chart.map((point) => [`${point.block_number}:${point.created_on}`, point]));
  const records = [...rows].reverse().map((row) => {
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
    ];
  });
  return writeCsv(header, records);
}
