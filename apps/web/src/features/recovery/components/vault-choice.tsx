import type { RecoveryPlan } from '@tidewatch/shared/recovery';
import { describeAmount, describeUsd } from './token-amount-text.ts';

const vaultChoiceHeading = 'vault shares and dQUICK, still earning';

/**
 * Vault shares and dQUICK in the Dragon's Lair the wallet has (issue 45): they still earn, so the plan takes one
 * out only once the person ticks it (or came from the vaults tool's 'get it out' for it).
 */
export function VaultChoice({
  plan,
  ticked,
  onToggle,
}: {
  plan: RecoveryPlan;
  /** The ticked vaults and lair, lower-case. */
  ticked: ReadonlySet<string>;
  onToggle: (contract: string) => void;
}) {
  const unavailable = plan.vault_positions_unavailable ? (
    <p className="text-sm text-amber-900 dark:text-amber-200">{plan.vault_positions_unavailable}</p>
  ) : null;
  if (plan.vault_positions.length === 0) return unavailable;
  return (
    <section aria-labelledby="vault-choice" className="space-y-1 text-sm">
      <h2 id="vault-choice" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {vaultChoiceHeading}
      </h2>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        not part of the plan unless ticked: taking one out unstakes its shares (with their rewards) and
        withdraws them for the vault's tokens
      </p>
      <ul className="space-y-1 text-slate-700 dark:text-slate-300">
        {plan.vault_positions.map((position) => (
          <li key={position.contract}>
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={ticked.has(position.contract.toLowerCase())}
                onChange={() => onToggle(position.contract.toLowerCase())}
              />
              {position.label}: {position.value.map(describeAmount).join(' + ')}; in all{' '}
              {describeUsd(position.usd)}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
