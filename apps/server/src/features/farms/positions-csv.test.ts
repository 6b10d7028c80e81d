import type { ReturnsPoint } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import type { PositionSnapshotRow } from '../../core/db/tables/farms.ts';
import { renderPositionsCsv } from './positions-csv.ts';

// Issue 30, finding 1: a change of price source is marked in the history's CSV too, never a silent jump.
const wmatic = '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270';
const usdc = '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359';

function row(id: number, block: number, sources: Record<string, string> | null): PositionSnapshotRow {
  return {
    id,
    farm_id: 1,
    account_address: '0x1234567890AbcdEF1234567890aBcdef12345678',
    staked: '1',
    total_liquidity_usd: 100,
    share_of_farm: 0.1,
    earned_a: '0',
    earned_a_in_usd: 0,
    earned_b: null,
    earned_b_in_usd: null,
    price_sources: sources === null ? null : JSON.stringify(sources),
    block_number: block,
    created_on: new Date(Date.UTC(2026, 10, 1, 0, block)).toISOString(),
  };
}

const point = (r: PositionSnapshotRow, isChanged: boolean): ReturnsPoint => ({
  created_on: r.created_on,
  block_number: Number(r.block_number),
  value_usd: r.total_liquidity_usd,
  hodl_value_usd: 100,
  rewards_usd: 0,
  price_sources: r.price_sources === null ? null : JSON.parse(r.price_sources),
  price_source_changed: isChanged,
});

describe('the positions CSV', () => {
  it("names each row's price sources by token and marks the row where one changed", () => {
    const older = row(1, 10, { [wmatic]: 'coinmarketcap', [usdc]: 'pair' });
    const newer = row(2, 11, { [wmatic]: 'pair', [usdc]: 'pair' });
    const unknown = row(3, 12, null);
    const csv = renderPositionsCsv(
      [unknown, newer, older],
      [point(older, false), point(newer, true), point(unknown, false)],
      {
        lpDecimals: 18,
        chainName: 'Polygon',
        rewardA: { symbol: 'dQUICK', decimals: 18 },
        rewardB: null,
        tokenSymbols: new Map([
          [wmatic.toLowerCase(), 'WMATIC'],
          [usdc.toLowerCase(), 'USDC'],
        ]),
      },
    );
    const [header, ...lines] = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const sources = header!.indexOf('price_sources');
    const changed = header!.indexOf('price_source_changed');
    expect(sources).toBeGreaterThan(0);
    expect(changed).toBeGreaterThan(0);
    expect(lines.map((line) => [line[1], line[sources], line[changed]])).toEqual([
      ['10', 'WMATIC=coinmarketcap; USDC=pair', 'no'],
      ['11', 'WMATIC=pair; USDC=pair', 'yes'],
      ['12', '', 'no'],
    ]);
  });
});
