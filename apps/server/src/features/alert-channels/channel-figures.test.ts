import { describe, expect, it } from 'vitest';
import { defaultRuleSettings, findEvents, type PairFacts } from '../../core/alerts/rules.ts';
import { findV3Events } from '../../core/alerts/v3-rules.ts';
import { type ChannelAlert, discordMessage, webhookBody } from './channel-messages.ts';

// Issue 36: each rule's event carries its own numbers, and the webhook and Discord tell the same ones.
const now = new Date('2026-11-20T12:00:00.000Z');
const facts: PairFacts = {
  farmAddress: '0x00000000000000000000000000000000000000f1',
  wallet: '0x00000000000000000000000000000000000000a1',
  pair: 'WETH / USDC',
  chainName: 'Polygon',
  periodFinish: new Date('2026-11-21T12:00:00.000Z'),
  isEnded: false,
  isPaused: false,
  apr: 0.042,
  staked: '12.5',
  earned: [
    { symbol: 'dQUICK', amount: '3.25' },
    { symbol: 'WMATIC', amount: '0' },
  ],
  valueUsd: 1320,
  valueUsd24hAgo: 1100,
  staked24hAgo: '12.5',
  chainNow: now,
};
const settingOf = (rule: keyof typeof defaultRuleSettings) => ({
  ...defaultRuleSettings[rule],
  isEnabled: true,
  threshold: rule === 'apr_below' ? 10 : defaultRuleSettings[rule].threshold,
});

function alertOf(event: { rule: string; title: string; body: string; figures: ChannelAlert['figures'] }) {
  return {
    id: 'n1',
    rule: event.rule,
    title: event.title,
    body: event.body,
    link: 'http://localhost:5173/x',
    occurredAt: now.toISOString(),
    wallet: facts.wallet,
    farm: facts.farmAddress,
    position: null,
    chain: { id: 137, name: 'Polygon' },
    figures: event.figures,
  };
}

describe("an alert's figures", () => {
  const events = new Map(findEvents(facts, settingOf, now).map((e) => [e.rule, e]));

  it('a farm ending: its end, hours left, the stake and its value, each reward exactly', () => {
    expect(events.get('ending_soon')!.figures).toEqual({
      ends_at: '2026-11-21T12:00:00.000Z',
      hours_left: 24,
      staked_lp: '12.5',
      staked_usd: 1320,
      earned: facts.earned,
    });
  });

  it('a value move: the change against 24 hours ago, both values and the threshold', () => {
    expect(events.get('value_moved')!.figures).toEqual({
      change_pct: 20,
      value_usd: 1320,
      previous_usd: 1100,
      threshold_pct: 20,
    });
  });

  it('a low APR: the APR and the threshold, in percent', () => {
    expect(events.get('apr_below')!.figures).toEqual({ apr_pct: 4.2, threshold_pct: 10 });
  });

  it('a V3 range crossing: the price and the range in token1 per token0, and the block', () => {
    const [out] = findV3Events(
      {
        tokenId: '7',
        wallet: facts.wallet,
        pair: 'WETH / USDC',
        isInRange: false,
        isBelowRange: true,
        hasLiquidity: true,
        crossing: { block: 120, hadOpposite: true },
        prices: { current: '1790.5', lower: '1800', upper: '2200', unit: 'USDC per WETH' },
        incentive: null,
        chainNow: now,
        venue: { product: 'V3', chainId: 137, chainName: 'Polygon' },
        value: { now: { valueUsd: 1000, liquidity: '5000' }, dayAgo: null, day: '2026-11-20' },
      },
      settingOf,
    );
    expect(out!.figures).toEqual({
      price: '1790.5',
      lower: '1800',
      upper: '2200',
      price_unit: 'USDC per WETH',
      block: 120,
    });
  });

  it('goes into the webhook body as it is, and into Discord fields as people read it', () => {
    const ending = alertOf(events.get('ending_soon')!);
    expect(webhookBody(ending).figures).toEqual(ending.figures);
    // Every alert names its chain (issue 47): the farm's address alone names none.
    expect(webhookBody(ending)).toMatchObject({ chain_id: 137, chain: 'Polygon' });
    const fields = discordMessage(ending).embeds[0]!.fields;
    expect(fields.slice(0, 5)).toEqual([
      { name: 'Ends', value: '2026-11-21 12:00 UTC', inline: true },
      { name: 'Hours left', value: '24', inline: true },
      { name: 'Staked (LP)', value: '12.5', inline: true },
      { name: 'Staked value', value: expect.stringContaining('1,320'), inline: true },
      { name: 'Unclaimed', value: '3.25 dQUICK + 0 WMATIC', inline: true },
    ]);
    const moved = discordMessage(alertOf(events.get('value_moved')!)).embeds[0]!.fields;
    expect(moved.find((f) => f.name === 'Change in 24 h')?.value).toBe('+20%');
    const unknown = discordMessage(alertOf({ ...events.get('value_moved')!, figures: { value_usd: null } }));
    expect(unknown.embeds[0]!.fields[0]).toEqual({ name: 'Value now', value: 'unknown', inline: true });
    expect(fields.find((f) => f.name === 'Chain')?.value).toBe('Polygon');
  });
});
