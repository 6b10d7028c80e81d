import type { ReactNode } from 'react';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatPercent, formatUsd } from '../../../lib/format.ts';
import type { AnyFarmListItem } from '../api/get-farms.ts';

/** A token amount (exact decimal string) cut to six fraction digits for reading; never rounded up. */
function formatAmount(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const cut = fraction.slice(0, 6).replace(/0+$/, '');
  return cut ? `${whole}.${cut}` : whole;
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium tabular-nums text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** h4 under a farm card's h3; h2 where the figures sit right under the page's h1 (the farm detail). */
export type FigureHeading = 'h2' | 'h4';

function Block({
  title,
  time,
  heading: Heading = 'h4',
  empty,
  children,
}: {
  title: string;
  time?: string;
  heading?: FigureHeading;
  /** Said instead of the figures when there are none (a <dl> holds only terms and their values). */
  empty?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      <Heading className="mb-1 flex justify-between text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        <span>{title}</span>
        {time ? <RelativeTime time={time} className="font-normal normal-case" /> : null}
      </Heading>
      {empty ? (
        <p className="text-slate-500 dark:text-slate-400">{empty}</p>
      ) : (
        <dl className="space-y-0.5">{children}</dl>
      )}
    </section>
  );
}

/** Pool snapshot: total liquidity in USD and when it was read. */
export function PoolSnapshotFigures({
  item,
  heading,
}: {
  item: Pick<AnyFarmListItem, 'pool'>;
  heading?: FigureHeading;
}) {
  const snapshot = item.pool.snapshot;
  return (
    <Block
      title="pool snapshot"
      time={snapshot?.created_on}
      heading={heading}
      empty={snapshot ? undefined : 'no pool snapshot yet'}
    >
      {snapshot ? <Figure label="pool liquidity">{formatUsd(snapshot.total_liquidity_usd)}</Figure> : null}
    </Block>
  );
}

/** Farm snapshot: staked liquidity, its share of the pool, APR. */
export function FarmSnapshotFigures({
  item,
  heading,
}: {
  item: Pick<AnyFarmListItem, 'farm'>;
  heading?: FigureHeading;
}) {
  const snapshot = item.farm.snapshot;
  return (
    <Block
      title="farm snapshot"
      time={snapshot?.created_on}
      heading={heading}
      empty={snapshot ? undefined : 'no farm snapshot yet'}
    >
      {snapshot ? (
        <>
          <Figure label="farm liquidity">{formatUsd(snapshot.total_liquidity_usd)}</Figure>
          <Figure label="share of pool">{formatPercent(snapshot.share_of_pool)}</Figure>
          <Figure label="APR">{formatPercent(snapshot.apr)}</Figure>
        </>
      ) : null}
    </Block>
  );
}

type PositionSnapshot = NonNullable<AnyFarmListItem['farm_position_snapshot']>;

/** One position snapshot's figures (value, share of farm, earned rewards and their USD). */
export function PositionFigures({
  farm,
  position,
}: {
  farm: AnyFarmListItem['farm'];
  position: PositionSnapshot;
}) {
  return (
    <>
      <Figure label="position value">{formatUsd(position.total_liquidity_usd)}</Figure>
      <Figure label="share of farm">{formatPercent(position.share_of_farm)}</Figure>
      {farm.kind === 'lp' && 'earned' in position ? (
        <Figure label="earned">
          {formatAmount(position.earned)} {farm.reward_token.symbol} ({formatUsd(position.earned_in_usd)})
        </Figure>
      ) : null}
      {farm.kind === 'dual' && 'earned_a' in position ? (
        <>
          <Figure label="earned A">
            {formatAmount(position.earned_a)} {farm.reward_token_a.symbol} (
            {formatUsd(position.earned_a_in_usd)})
          </Figure>
          <Figure label="earned B">
            {formatAmount(position.earned_b)} {farm.reward_token_b.symbol} (
            {formatUsd(position.earned_b_in_usd)})
          </Figure>
        </>
      ) : null}
    </>
  );
}

/** The account's latest position in this farm. */
export function PositionSnapshotFigures({ item }: { item: AnyFarmListItem }) {
  const position = item.farm_position_snapshot;
  return (
    <Block
      title="position snapshot"
      time={position?.created_on}
      empty={
        position
          ? undefined
          : item.account_address
            ? 'no position snapshot yet'
            : 'track this farm to see your position'
      }
    >
      {position ? <PositionFigures farm={item.farm} position={position} /> : null}
    </Block>
  );
}
