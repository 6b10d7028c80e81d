import { type AlertRule, shortenAddress } from '@tidewatch/shared';
import {
  type AlertEvent,
  defaultRuleSettings,
  likeForLikeMove,
  type RuleSetting,
  valueMovedEvent,
} from './rules.ts';

/** What the newest snapshots say about one tracked V3 position for one wallet (issue 34). */
export type V3PositionFacts = {
  tokenId: string;
  wallet: string;
  /** 'WETH / USDC'. */
  pair: string;
  /** The pool's tick is within the range at the newest snapshot. */
  isInRange: boolean;
  /** The pool's tick is below the range (all token0) rather than above it (all token1), when out of it. */
  isBelowRange: boolean;
  hasLiquidity: boolean;
  /**
   * Where the current state began: the block of the first snapshot in it since the last snapshot in the
   * other state, and whether there was such a snapshot (a position first seen in range crossed nothing).
   */
  crossing: { block: number; hadOpposite: boolean };
  /**
   * The pool's price and the range's bounds, token1 per token0 (exact decimal strings, 12 significant
   * digits), at the newest snapshot's tick and the position's ticks.
   */
  prices: { current: string; lower: string; upper: string; unit: string };
  /** The eternal farming incentive it is deposited in, and when it ends; null when not farmed. */
  incentive: { id: string; end: Date } | null;
  /** The chain's time at the snapshot's block: the incentive's end is measured against it. */
  chainNow: Date;
  /**
   * Where the position is: a V3 (Algebra V1.0) NFT on Polygon, or a V4 (Algebra Integral) one on a chain beside it,
   * 'V4 position … on Base'. Every alert names its chain (issue 47); a V4 event's key names it too (a token id is
   * its chain's position manager's), a V3 one's stays as it was (no event fires again).
   */
  venue: { product: 'V3' | 'V4'; chainId: number; chainName: string };
  /**
   * The position's USD value and liquidity at the newest snapshot and at the newest one 24 hours or more
   * before it (null when there is none): the value-moved rule compares value per unit of liquidity.
   */
  value: {
    now: { valueUsd: number | null; liquidity: string };
    dayAgo: { valueUsd: number | null; liquidity: string } | null;
    /** The UTC day of the newest snapshot: a move fires at most once a day. */
    day: string;
  };
};

const hourMs = 3_600_000;

/**
 * The V3 events of one position for one user's settings. Keys make each fire once: 'out of range' and
 * 'back in range' once per crossing (the block where the state began), 'incentive ending' once per
 * incentive, a value move at most once a day. A position with no liquidity left earns nothing either way:
 * no range alerts for it, and no value move (its owner took it out; the price did not move it).
 */
export function findV3Events(
  facts: V3PositionFacts,
  settingOf: (rule: AlertRule) => RuleSetting,
): AlertEvent[] {
  const events: AlertEvent[] = [];
  const on = (rule: AlertRule) => settingOf(rule).isEnabled;
  const { venue } = facts;
  const base = `${venue.product === 'V4' ? `${venue.chainId}:` : ''}${facts.tokenId}:${facts.wallet.toLowerCase()}`;
  const who = shortenAddress(facts.wallet);
  const name = `${facts.pair} #${facts.tokenId} on ${venue.chainName}`;
  const product = `${venue.product} position`;
  const rangeFigures = {
    price: facts.prices.current,
    lower: facts.prices.lower,
    upper: facts.prices.upper,
    price_unit: facts.prices.unit,
    block: facts.crossing.block,
  };
  if (on('out_of_range') && facts.hasLiquidity && !facts.isInRange) {
    const side = facts.isBelowRange
      ? `below its range: it holds only ${facts.pair.split(' / ')[0]}`
      : `above its range: it holds only ${facts.pair.split(' / ')[1]}`;
    events.push({
      rule: 'out_of_range',
      key: `out_of_range:${base}:${facts.crossing.block}`,
      title: `${name}: out of range`,
      body: `${who}'s ${product} ${name} is out of range (block ${facts.crossing.block}): the price is ${side}, and it earns no swap fees until the price comes back into the range.`,
      figures: rangeFigures,
    });
  }
  if (on('back_in_range') && facts.hasLiquidity && facts.isInRange && facts.crossing.hadOpposite) {
    events.push({
      rule: 'back_in_range',
      key: `back_in_range:${base}:${facts.crossing.block}`,
      title: `${name}: back in range`,
      body: `${who}'s ${product} ${name} is back in range (block ${facts.crossing.block}): it earns swap fees again.`,
      figures: rangeFigures,
    });
  }
  const moveThreshold = settingOf('value_moved').threshold ?? defaultRuleSettings.value_moved.threshold!;
  const { now: valueNow, dayAgo } = facts.value;
  const move =
    on('value_moved') && dayAgo
      ? likeForLikeMove(
          { valueUsd: valueNow.valueUsd, units: valueNow.liquidity },
          { valueUsd: dayAgo.valueUsd, units: dayAgo.liquidity },
        )
      : null;
  const moved = valueMovedEvent(move, {
    threshold: moveThreshold,
    key: `value_moved:${base}:${facts.value.day}`,
    subject: name,
    whose: `${who}'s ${product} ${name}`,
    stakeNote: ' for the same liquidity',
  });
  if (moved) events.push(moved);
  const leftMs = facts.incentive ? facts.incentive.end.getTime() - facts.chainNow.getTime() : 0;
  if (on('incentive_ending') && facts.incentive && leftMs > 0 && leftMs <= 72 * hourMs) {
    const hours = Math.max(1, Math.round(leftMs / hourMs));
    const end = facts.incentive.end.toISOString().replace('T', ' ').slice(0, 16);
    events.push({
      rule: 'incentive_ending',
      key: `incentive_ending:${base}:${facts.incentive.id}`,
      title: `${name}: farming rewards end in ${hours} hours`,
      body: `${who}'s ${product} ${name} is farmed in an incentive whose rewards end ${end} UTC. Collect its rewards and move it before it earns nothing more there.`,
      figures: {
        ends_at: facts.incentive.end.toISOString(),
        hours_left: hours,
        incentive_id: facts.incentive.id,
      },
    });
  }
  return events;
}
