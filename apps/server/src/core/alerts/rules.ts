import {
  type AlertFigures,
  type AlertRule,
  alertThresholdRanges,
  formatTokenAmount,
  formatUsd,
  shortenAddress,
} from '@tidewatch/shared';

/** What one snapshot run knows about a tracked (farm, wallet) pair. */
export type PairFacts = {
  farmAddress: string;
  wallet: string;
  /** 'WETH / USDC'. */
  pair: string;
  /** The chain the farm is on, as alerts name it ('Polygon'). */
  chainName: string;
  periodFinish: Date;
  isEnded: boolean;
  isPaused: boolean;
  /** A fraction (0.5 = 50 %); null when unknown. */
  apr: number | null;
  /** Whole LP tokens staked, exactly: the decimal string the position snapshot holds. */
  staked: string;
  /** Each reward token's unclaimed amount, exactly (decimal strings in the token's units), zeros included. */
  earned: { symbol: string; amount: string }[];
  /** The position's USD value now (its staked LP); null when unknown. */
  valueUsd: number | null;
  /** The position's value 24 hours earlier (the newest snapshot at or before then); null when unknown. */
  valueUsd24hAgo: number | null;
  /** Whole LP tokens staked in that snapshot (exact decimal string); null when there is none. */
  staked24hAgo: string | null;
  /** The chain's time at the snapshot's block: reward periods are measured against it, not the wall clock. */
  chainNow: Date;
};

/**
 * A user's effective setting of a rule for a wallet: on or off, its e-mail, its threshold, whether the bell
 * shows it and the alert channels it also goes to (issue 36).
 */
export type RuleSetting = {
  isEnabled: boolean;
  isEmailEnabled: boolean;
  threshold: number | null;
  isBellEnabled?: boolean;
  channelIds?: number[];
};

export const defaultRuleSettings: Record<AlertRule, RuleSetting> = {
  ending_soon: { isEnabled: true, isEmailEnabled: true, threshold: null },
  ended_with_stake: { isEnabled: true, isEmailEnabled: true, threshold: null },
  paused: { isEnabled: true, isEmailEnabled: true, threshold: null },
  value_moved: {
    isEnabled: true,
    isEmailEnabled: true,
    threshold: alertThresholdRanges.value_moved!.fallback,
  },
  apr_below: { isEnabled: false, isEmailEnabled: true, threshold: null },
  out_of_range: { isEnabled: true, isEmailEnabled: true, threshold: null },
  back_in_range: { isEnabled: true, isEmailEnabled: true, threshold: null },
  incentive_ending: { isEnabled: true, isEmailEnabled: true, threshold: null },
};

/**
 * An event a rule found: `key` is the same every time the same event is seen, so it fires once; `figures`
 * are its numbers (stored with it, told by the webhook and Discord).
 */
export type AlertEvent = { rule: AlertRule; key: string; title: string; body: string; figures: AlertFigures };

/** A percentage to 2 decimals, as the title shows it. */
const percent = (value: number) => Math.round(value * 100) / 100;

const hourMs = 3_600_000;
const weekMs = 7 * 24 * hourMs;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** A position's USD value and the stake it is the value of (LP tokens, or a V3 position's liquidity). */
type ValueOfUnits = { valueUsd: number | null; units: string | null };

/**
 * The 24-hour move of a position's value, like with like: the value 24 hours ago is scaled to the stake held
 * now (value per LP token, or per unit of V3 liquidity), so the wallet's own withdrawal, exit, decrease or
 * deposit is no move; only the price is. Null when either value is unknown or either stake is empty: a full
 * exit never reads as -100 %. `previousUsd` is what today's stake was worth then.
 * @example likeForLikeMove({ valueUsd: 50, units: '1' }, { valueUsd: 100, units: '2' }) // { changePct: 0, ... }
 */
export function likeForLikeMove(
  now: ValueOfUnits,
  before: ValueOfUnits,
): { changePct: number; valueUsd: number; previousUsd: number; isSameUnits: boolean } | null {
  if (now.valueUsd === null || before.valueUsd === null || now.units === null || before.units === null) {
    return null;
  }
  const unitsNow = Number(now.units);
  const unitsBefore = Number(before.units);
  if (!(unitsNow > 0 && unitsBefore > 0)) return null;
  // An unchanged stake keeps the plain comparison: no rounding through the ratio.
  const isSameUnits = unitsNow === unitsBefore;
  const previousUsd = isSameUnits ? before.valueUsd : (before.valueUsd / unitsBefore) * unitsNow;
  if (!(previousUsd > 0)) return null;
  const changePct = ((now.valueUsd - previousUsd) / previousUsd) * 100;
  return { changePct, valueUsd: now.valueUsd, previousUsd, isSameUnits };
}

type LikeForLikeMove = NonNullable<ReturnType<typeof likeForLikeMove>>;

/**
 * The value-moved event of a like-for-like move at or past the threshold, for a farm stake or a V3 position
 * alike; null below it. `stakeNote` is said when the stake changed (the previous value is today's stake's).
 */
export function valueMovedEvent(
  move: LikeForLikeMove | null,
  at: { threshold: number; key: string; subject: string; whose: string; stakeNote: string },
): AlertEvent | null {
  if (!move || Math.abs(move.changePct) < at.threshold) return null;
  const sign = move.changePct > 0 ? '+' : '';
  const change = move.changePct.toFixed(1);
  return {
    rule: 'value_moved',
    key: at.key,
    title: `${at.subject}: position ${sign}${change}% in 24 hours`,
    body: `${at.whose} is worth ${formatUsd(move.valueUsd)}, ${sign}${change}% from ${formatUsd(move.previousUsd)} 24 hours ago${move.isSameUnits ? '' : at.stakeNote}.`,
    figures: {
      change_pct: percent(move.changePct),
      value_usd: move.valueUsd,
      previous_usd: move.previousUsd,
      threshold_pct: at.threshold,
    },
  };
}

/**
 * The events of one pair for one user's settings, at `now`. Keys make each event fire once: the end of a
 * reward period once per period; an ended farm at most once a week while it holds stake or rewards; a
 * move or a low APR at most once a day.
 */
export function findEvents(
  facts: PairFacts,
  settingOf: (rule: AlertRule) => RuleSetting,
  now: Date,
): AlertEvent[] {
  const events: AlertEvent[] = [];
  const on = (rule: AlertRule) => settingOf(rule).isEnabled;
  const base = `${facts.farmAddress.toLowerCase()}:${facts.wallet.toLowerCase()}`;
  const period = facts.periodFinish.toISOString();
  const who = shortenAddress(facts.wallet);
  // Every alert names its chain (issue 47): 'WETH / USDC on Polygon'. Keys stay as they were (no event fires again).
  const pair = `${facts.pair} on ${facts.chainName}`;
  const leftMs = facts.periodFinish.getTime() - facts.chainNow.getTime();
  const hasStake = Number(facts.staked) > 0;
  const staked = formatTokenAmount(facts.staked);
  const unclaimed = facts.earned
    .filter((r) => Number(r.amount) > 0)
    .map((r) => `${formatTokenAmount(r.amount)} ${r.symbol}`);
  const holding = { staked_lp: facts.staked, staked_usd: facts.valueUsd, earned: facts.earned };

  if (on('ending_soon') && !facts.isEnded && hasStake && leftMs > 0 && leftMs <= 72 * hourMs) {
    const hours = Math.max(1, Math.round(leftMs / hourMs));
    events.push({
      rule: 'ending_soon',
      key: `ending_soon:${base}:${period}`,
      title: `${pair}: rewards end in ${hours} hours`,
      body: `${who} has ${staked} LP staked in the ${facts.pair} farm on ${facts.chainName}, whose rewards end ${period.replace('T', ' ').slice(0, 16)} UTC. Move or withdraw the stake before it earns nothing.`,
      figures: { ends_at: period, hours_left: hours, ...holding },
    });
  }
  if (on('ended_with_stake') && facts.isEnded && (hasStake || unclaimed.length > 0)) {
    const week = Math.floor(Math.max(0, facts.chainNow.getTime() - facts.periodFinish.getTime()) / weekMs);
    const left = [
      ...(hasStake ? [`${staked} LP still staked`] : []),
      ...(unclaimed.length > 0 ? [`${unclaimed.join(' + ')} unclaimed`] : []),
    ].join(', ');
    events.push({
      rule: 'ended_with_stake',
      key: `ended_with_stake:${base}:${period}:w${week}`,
      title: `${pair}: ended ${day(facts.periodFinish)}, ${left}`,
      body: `The ${facts.pair} farm on ${facts.chainName} stopped paying rewards on ${day(facts.periodFinish)}, and ${who} has ${left}. Claim and withdraw to put it to work elsewhere.`,
      figures: { ended_at: period, ...holding },
    });
  }
  if (on('paused') && facts.isPaused) {
    events.push({
      rule: 'paused',
      key: `paused:${base}:${period}`,
      title: `${pair}: the dual farm is paused`,
      body: `The ${facts.pair} dual farm on ${facts.chainName} is paused: it takes no new stake. ${who} has ${staked} LP there.`,
      figures: holding,
    });
  }
  const moveThreshold = settingOf('value_moved').threshold ?? defaultRuleSettings.value_moved.threshold!;
  const move = on('value_moved')
    ? likeForLikeMove(
        { valueUsd: facts.valueUsd, units: facts.staked },
        { valueUsd: facts.valueUsd24hAgo, units: facts.staked24hAgo },
      )
    : null;
  const moved = valueMovedEvent(move, {
    threshold: moveThreshold,
    key: `value_moved:${base}:${day(now)}`,
    subject: pair,
    whose: `${who}'s ${facts.pair} position on ${facts.chainName}`,
    stakeNote: ` for the same ${staked} LP`,
  });
  if (moved) events.push(moved);
  const aprThreshold = settingOf('apr_below').threshold;
  if (on('apr_below') && aprThreshold !== null && facts.apr !== null && facts.apr * 100 < aprThreshold) {
    events.push({
      rule: 'apr_below',
      key: `apr_below:${base}:${day(now)}`,
      title: `${pair}: APR ${(facts.apr * 100).toFixed(2)}%, below your ${aprThreshold}%`,
      body: `The APR of the ${facts.pair} farm on ${facts.chainName} is ${(facts.apr * 100).toFixed(2)}%, below the ${aprThreshold}% you set for ${who}.`,
      figures: { apr_pct: percent(facts.apr * 100), threshold_pct: aprThreshold },
    });
  }
  return events;
}
