import type { RecoveryPlan } from '@tidewatch/shared/recovery';
import { describeAmount } from './token-amount-text.ts';

export const walletLpHeading = 'also in your wallet, still earning fees';

/**
 * LP of ended farms' pairs the wallet holds outside any farm (issue 42, finding 7): it still earns fees, so
 * the plan leaves it alone; a pair is removed with the rest only once the person ticks it.
 */
export function WalletLpChoice({
  plan,
  ticked,
  onToggle,
}: {
  plan: RecoveryPlan;
  /** The ticked pairs, lower-case. */
  ticked: ReadonlySet<string>;
  onToggle: (pair: string) => void;
}) {
  if (plan.wallet_lp.length === 0) return null;
  return (
    <section aria-labelledby="also-in-wallet" className="space-y-1 text-sm">
      <h2 id="also-in-wallet" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {walletLpHeading}
      </h2>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        liquidity you hold outside a farm is not part of the plan; tick a pair to remove it too
      </p>
      <ul className="space-y-1 text-slate-700 dark:text-slate-300">
        {plan.wallet_lp.map(({ lp }) => (
          <li key={lp.address}>
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={ticked.has(lp.address.toLowerCase())}
                onChange={() => onToggle(lp.address.toLowerCase())}
              />
              {describeAmount(lp)}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
