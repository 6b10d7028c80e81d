import type { RecoveryPlan, RecoveryStep, StepGas } from '@tidewatch/shared/recovery';
import { Button } from '../../../components/index.ts';
import { formatPolAndUsd } from '../../transactions/index.ts';
import { stepName } from './step-names.ts';
import { describeAmount, describeUsd } from './token-amount-text.ts';

/** 'about 0.0042 POL ($0.01)' for a typical gas (the step waits on another), the estimate without 'about'. */
function describeGas(gas: StepGas | null): string {
  if (!gas) return 'unknown';
  return `${gas.source === 'typical' ? 'about ' : ''}${formatPolAndUsd(gas.pol, gas.usd)}`;
}

export type StepActions = {
  /** The step that may run now: the first ready one, unless a run is under way. */
  runnableStepId: string | null;
  /** Why the runnable step's button is disabled (watch-only, slippage to confirm), or null. */
  disabledReason: (step: RecoveryStep) => string | null;
  onRun: (step: RecoveryStep) => void;
};

function PlanStep({
  step,
  number,
  plan,
  actions,
}: {
  step: RecoveryStep;
  number: number;
  plan: RecoveryPlan;
  actions: StepActions;
}) {
  const isRunnable = actions.runnableStepId === step.id;
  const reason = isRunnable ? actions.disabledReason(step) : null;
  const name = stepName(step, plan);
  return (
    <li aria-label={`step ${number}: ${name}`} className="space-y-1 py-3">
      <p className="font-medium text-slate-900 dark:text-slate-100">
        {number}. {name}
      </p>
      {/* The call the wallet will show, for whoever checks it; named in words above. */}
      <details className="text-xs text-slate-600 dark:text-slate-400">
        <summary className="cursor-pointer">details</summary>
        {/* removeLiquidityWithPermit's signature is one 100-character word: it breaks anywhere on a phone. */}
        <p className="wrap-anywhere">
          {step.contract_label}: <code className="font-mono">{step.function}</code>
        </p>
      </details>
      <p className="text-slate-700 dark:text-slate-300">
        {step.receives.length > 0
          ? `you receive ${step.receives.map(describeAmount).join(' + ')}`
          : 'nothing arrives'}
        {step.receives.length > 0 ? `; ${describeUsd(step.usd)}` : ''}
      </p>
      <p className="text-slate-600 dark:text-slate-400">gas: {describeGas(step.gas)}</p>
      {step.is_ready ? null : <p className="text-xs text-slate-500">waits for an earlier step</p>}
      {step.note ? <p className="text-xs text-amber-900 dark:text-amber-200">{step.note}</p> : null}
      {isRunnable ? (
        <div className="space-y-1">
          <Button size="sm" disabled={reason !== null} onClick={() => actions.onRun(step)}>
            run this step
          </Button>
          {reason ? <p className="text-xs text-slate-600 dark:text-slate-400">{reason}</p> : null}
        </div>
      ) : null}
    </li>
  );
}

/** The plan's steps in order, each with what arrives, its USD and gas, then the totals. */
export function PlanSteps({ plan, actions }: { plan: RecoveryPlan; actions: StepActions }) {
  return (
    <section aria-labelledby="plan-steps" className="space-y-2 text-sm">
      <h2 id="plan-steps" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        steps
      </h2>
      <ol aria-label="steps" className="divide-y divide-slate-100 dark:divide-slate-800">
        {plan.steps.map((step, index) => (
          <PlanStep key={step.id} step={step} number={index + 1} plan={plan} actions={actions} />
        ))}
      </ol>
      <dl aria-label="totals" className="space-y-1 border-t border-slate-200 pt-2 dark:border-slate-700">
        <div className="flex gap-2">
          <dt className="font-medium">you get back</dt>
          <dd>{describeUsd(plan.total.usd)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-medium">gas in total</dt>
          <dd>{formatPolAndUsd(plan.total.gas_pol, plan.total.gas_usd)}</dd>
        </div>
      </dl>
    </section>
  );
}
