import type { V3PositionSnapshot } from '@tidewatch/shared/v3-positions';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatUsd } from '../../../lib/format.ts';
import { formatAmountOf } from '../format.ts';
import { Figure, Lines } from './figures.tsx';

type Pair = { token0: { symbol: string }; token1: { symbol: string } };

/**
 * A stored snapshot's figures: amounts, value, uncollected fees and (when the position was farmed at that
 * block) farming rewards, and when it was taken. Unknown USD reads 'unknown', never $0; an unfarmed
 * position has no rewards line at all.
 */
export function SnapshotFigures({ snapshot, pool }: { snapshot: V3PositionSnapshot; pool: Pair }) {
  const { token0, token1 } = pool;
  const fees =
    snapshot.fees0 === null || snapshot.fees1 === null
      ? 'could not be read'
      : `${formatAmountOf(snapshot.fees0, token0.symbol)} + ${formatAmountOf(snapshot.fees1, token1.symbol)} (${formatUsd(snapshot.fees_usd)})`;
  return (
    <dl className="space-y-1 text-sm">
      <Figure label="amounts">
        <Lines
          lines={[
            formatAmountOf(snapshot.amount0, token0.symbol),
            formatAmountOf(snapshot.amount1, token1.symbol),
          ]}
        />
      </Figure>
      <Figure label="value">{formatUsd(snapshot.value_usd)}</Figure>
      <Figure label="uncollected fees">{fees}</Figure>
      {snapshot.is_farmed ? (
        <Figure label="farming rewards">
          {snapshot.rewards_usd === null ? 'unknown' : formatUsd(snapshot.rewards_usd)}
        </Figure>
      ) : null}
      <Figure label="snapshot">
        <RelativeTime time={snapshot.created_on} /> · block {snapshot.block_number}
      </Figure>
    </dl>
  );
}
