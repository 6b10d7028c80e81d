import { type AlertRule, shortenAddress } from '@tidewatch/shared';
import type { AlertEvent, RuleSetting } from './rules.ts';

/** What the newest snapshots say about a tracked vault's base range, for one wallet's shares. */
export type VaultRangeFacts = {
  vault: string;
  wallet: string;
  /** Its manager as screens name it: 'Gamma', 'Steer', 'ICHI', 'DefiEdge'. */
  manager: string;
  /** 'WMATIC-USDC'. */
  pair: string;
  /** The chain the vault is on, as alerts name it ('Polygon'). */
  chainName: string;
  isInRange: boolean;
  /** Where the current state began: its first snapshot's block since the last one in the other state, if any. */
  crossing: { block: number; hadOpposite: boolean };
  /** The pool's price and the base range's bounds, token1 per token0, as the snapshot has them. */
  prices: { current: string; lower: string; upper: string; unit: string };
};

/**
 * A vault's base range events under the user's settings, by the V3 rules of the same names: 'out_of_range' once
 * per crossing out (the base position earns no fees until the manager rebalances or the price comes back), and
 * 'back_in_range' once per crossing back.
 */
export function findVaultRangeEvents(
  facts: VaultRangeFacts,
  settingOf: (rule: AlertRule) => RuleSetting,
): AlertEvent[] {
  const on = (rule: AlertRule) => settingOf(rule).isEnabled;
  const base = `${facts.vault.toLowerCase()}:${facts.wallet.toLowerCase()}`;
  const who = shortenAddress(facts.wallet);
  const { current, lower, upper, unit } = facts.prices;
  // Every alert names its chain (issue 47). Keys stay as they were (no event fires again).
  const vault = `${facts.manager} ${facts.pair} vault on ${facts.chainName}`;
  const figures = { price: current, lower, upper, price_unit: unit, block: facts.crossing.block };
  if (on('out_of_range') && !facts.isInRange) {
    return [
      {
        rule: 'out_of_range',
        key: `out_of_range:${base}:${facts.crossing.block}`,
        title: `${vault}: out of its base range`,
        body: `The pool's price, ${current} ${unit}, is outside the base range (${lower} – ${upper}) of the ${vault} ${who} holds shares of: the base position earns no fees until the manager rebalances or the price comes back.`,
        figures,
      },
    ];
  }
  if (on('back_in_range') && facts.isInRange && facts.crossing.hadOpposite) {
    return [
      {
        rule: 'back_in_range',
        key: `back_in_range:${base}:${facts.crossing.block}`,
        title: `${vault}: back in its base range`,
        body: `The pool's price, ${current} ${unit}, is back inside the base range (${lower} – ${upper}) of the ${vault} ${who} holds shares of.`,
        figures,
      },
    ];
  }
  return [];
}
