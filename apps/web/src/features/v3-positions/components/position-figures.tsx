import type { V3Position } from '@tidewatch/shared/v3-positions';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatUsd } from '../../../lib/format.ts';
import { formatAmountsWithUsd, formatAmountWithUsd, formatPoolPrice, formatRange } from '../format.ts';
import { Figure, Lines } from './figures.tsx';

/** Farming rewards: pending (a static collectRewards) and collected-but-unclaimed, each token on its line. */
function FarmingFigures({
  farming,
  rewardsUsd,
}: {
  farming: NonNullable<V3Position['farming']>;
  rewardsUsd: number | null;
}) {
  const { incentive } = farming;
  return (
    <>
      <Figure label="farming rewards">
        <Lines
          lines={[
            ...farming.pending.map((part) => `${formatAmountWithUsd(part)} pending`),
            ...farming.unclaimed.map((part) => `${formatAmountWithUsd(part)} unclaimed`),
          ]}
        />
      </Figure>
      <Figure label="rewards value">{formatUsd(rewardsUsd)}</Figure>
      <Figure label={incentive.is_ended ? 'incentive ended' : 'incentive ends'}>
        <RelativeTime time={incentive.end_time} />
      </Figure>
    </>
  );
}

/**
 * What a position is worth at its block: range as prices, the pool's price, the token amounts its liquidity
 * stands for, their USD, the uncollected fees and, when farmed, the farming rewards. A missing price reads
 * 'unknown', never $0; fees that could not be read say so.
 */
export function PositionFigures({ position }: { position: V3Position }) {
  const { pool } = position;
  return (
    <dl className="space-y-1 text-sm">
      <Figure label="range">{formatRange(position)}</Figure>
      <Figure label="current price">{formatPoolPrice(pool.price, pool)}</Figure>
      <Figure label="amounts">
        <Lines lines={position.amounts.map(formatAmountWithUsd)} />
      </Figure>
      <Figure label="value">{formatUsd(position.value_usd)}</Figure>
      <Figure label="uncollected fees">
        {position.fees ? formatAmountsWithUsd(position.fees, position.fees_usd) : 'could not be read'}
      </Figure>
      {position.farming ? (
        <FarmingFigures farming={position.farming} rewardsUsd={position.rewards_usd} />
      ) : position.is_farmed ? (
        // Deposited in farming, but its incentive was not found (not in the index, or its reads failed): the
        // rewards are unknown, which is said, not left out (issue 43, finding 3).
        <Figure label="farming rewards">unknown: its incentive could not be read</Figure>
      ) : null}
    </dl>
  );
}
