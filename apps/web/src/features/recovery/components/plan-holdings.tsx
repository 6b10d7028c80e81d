import type { RecoveryFarm, RecoveryPlan, RecoverySyrup } from '@tidewatch/shared/recovery';
import { isSameAddress } from '@tidewatch/shared/same-address';
import { Badge } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { describeAmount } from './token-amount-text.ts';

function farmLabel({ farm }: RecoveryFarm): string {
  return `${farm.kind === 'dual' ? 'dual farm' : 'farm'} ${farm.token0.symbol}-${farm.token1.symbol}`;
}

function FarmLeft({ left, plan }: { left: RecoveryFarm; plan: RecoveryPlan }) {
  const note =
    plan.steps.find((step) => isSameAddress(step.contract, left.farm.address) && step.note)?.note ?? null;
  const earned = left.earned.filter((amount) => amount.raw !== '0');
  return (
    <li className="space-y-1 py-2">
      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
        {farmLabel(left)} <span className="font-mono text-xs text-slate-500">{left.farm.address}</span>
        {left.is_reward_short ? (
          <Badge className="bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            rewards short
          </Badge>
        ) : null}
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        staked: {describeAmount(left.staked)}
        {earned.length > 0 ? `; unclaimed: ${earned.map(describeAmount).join(' + ')}` : ''}
      </p>
      {left.is_reward_short && note ? (
        <p className="text-xs text-amber-900 dark:text-amber-200">{note}</p>
      ) : null}
    </li>
  );
}

function SyrupLeft({ left, plan }: { left: RecoverySyrup; plan: RecoveryPlan }) {
  const note = plan.steps.find((step) => isSameAddress(step.contract, left.pool) && step.note)?.note ?? null;
  return (
    <li className="space-y-1 py-2">
      <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
        syrup pool {left.staked.symbol} → {left.earned.symbol}{' '}
        <span className="font-mono text-xs text-slate-500">{shortenAddress(left.pool)}</span>
        {left.is_reward_short ? (
          <Badge className="bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            rewards short
          </Badge>
        ) : null}
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        staked: {describeAmount(left.staked)}
        {left.earned.raw !== '0' ? `; unclaimed: ${describeAmount(left.earned)}` : ''}
      </p>
      {left.is_reward_short && note ? (
        <p className="text-xs text-amber-900 dark:text-amber-200">{note}</p>
      ) : null}
    </li>
  );
}

/** What the ended farms and syrup pools still hold for the wallet, and what of the plan is already in it. */
export function PlanHoldings({ plan }: { plan: RecoveryPlan }) {
  return (
    <div className="space-y-4 text-sm">
      {plan.farms.length > 0 ? (
        <section aria-labelledby="left-in-farms" className="space-y-1">
          <h2 id="left-in-farms" className="text-base font-semibold text-slate-900 dark:text-slate-100">
            left in ended farms
          </h2>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {plan.farms.map((left) => (
              <FarmLeft key={left.farm.address} left={left} plan={plan} />
            ))}
          </ul>
        </section>
      ) : null}
      {plan.syrups.length > 0 ? (
        <section aria-labelledby="left-in-syrups" className="space-y-1">
          <h2 id="left-in-syrups" className="text-base font-semibold text-slate-900 dark:text-slate-100">
            left in ended syrup pools
          </h2>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {plan.syrups.map((left) => (
              <SyrupLeft key={left.pool} left={left} plan={plan} />
            ))}
          </ul>
        </section>
      ) : null}
      {plan.in_wallet.length > 0 ? (
        <section aria-labelledby="already-in-wallet" className="space-y-1">
          <h2 id="already-in-wallet" className="text-base font-semibold text-slate-900 dark:text-slate-100">
            already in your wallet
          </h2>
          <ul className="space-y-1 text-slate-700 dark:text-slate-300">
            {plan.in_wallet.map((amount) => (
              <li key={amount.address}>{describeAmount(amount)}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
