import { type AlertRule, formatTokenAmount, shortenAddress } from '@tidewatch/shared';
import type { AlertEvent, RuleSetting } from './rules.ts';

/** What one snapshot knows about a tracked syrup stake. */
export type SyrupFacts = {
  pool: string;
  wallet: string;
  /** 'dQUICK (old) -> WMATIC'. */
  label: string;
  /** The chain the pool is on, as alerts name it ('Polygon', 'Base'). */
  chainName: string;
  periodFinish: Date;
  /** Whole tokens staked and unclaimed, exact decimal strings, with their symbols. */
  staked: { symbol: string; amount: string };
  earned: { symbol: string; amount: string };
  valueUsd: number | null;
  /** The chain's time at the snapshot's block: the pool's end is measured against it. */
  chainNow: Date;
};

const hourMs = 3_600_000;
const weekMs = 7 * 24 * hourMs;
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A syrup stake's events under the user's settings, by the farms' rules of the same names: 'ending_soon' (its
 * rewards end within 72 hours and it has stake) and 'ended_with_stake' (ended with stake or rewards left, once a
 * week while it lasts). A syrup has no pause, APR or price range.
 */
export function findSyrupEvents(
  facts: SyrupFacts,
  settingOf: (rule: AlertRule) => RuleSetting,
): AlertEvent[] {
  const events: AlertEvent[] = [];
  const on = (rule: AlertRule) => settingOf(rule).isEnabled;
  const base = `${facts.pool.toLowerCase()}:${facts.wallet.toLowerCase()}`;
  const period = facts.periodFinish.toISOString();
  const who = shortenAddress(facts.wallet);
  const leftMs = facts.periodFinish.getTime() - facts.chainNow.getTime();
  const hasStake = Number(facts.staked.amount) > 0;
  const hasRewards = Number(facts.earned.amount) > 0;
  // Every alert names its chain (issue 47). Keys stay as they were (no event fires again).
  const pool = `syrup pool ${facts.label} on ${facts.chainName}`;
  const staked = `${formatTokenAmount(facts.staked.amount)} ${facts.staked.symbol}`;
  const holding = { staked_lp: facts.staked.amount, staked_usd: facts.valueUsd, earned: [facts.earned] };
  if (on('ending_soon') && hasStake && leftMs > 0 && leftMs <= 72 * hourMs) {
    const hours = Math.max(1, Math.round(leftMs / hourMs));
    events.push({
      rule: 'ending_soon',
      key: `ending_soon:${base}:${period}`,
      title: `${pool}: rewards end in ${hours} hours`,
      body: `${who} has ${staked} staked in the ${pool}, whose rewards end ${period.replace('T', ' ').slice(0, 16)} UTC. Withdraw the stake before it earns nothing.`,
      figures: { ends_at: period, hours_left: hours, ...holding },
    });
  }
  if (on('ended_with_stake') && leftMs <= 0 && (hasStake || hasRewards)) {
    const week = Math.floor(Math.max(0, -leftMs) / weekMs);
    const left = [
      ...(hasStake ? [`${staked} still staked`] : []),
      ...(hasRewards ? [`${formatTokenAmount(facts.earned.amount)} ${facts.earned.symbol} unclaimed`] : []),
    ].join(', ');
    events.push({
      rule: 'ended_with_stake',
      key: `ended_with_stake:${base}:${period}:w${week}`,
      title: `${pool}: ended ${day(facts.periodFinish)}, ${left}`,
      body: `The ${pool} stopped paying rewards on ${day(facts.periodFinish)}, and ${who} has ${left}. The recovery plan ('get it out') exits it.`,
      figures: { ended_at: period, ...holding },
    });
  }
  return events;
}
