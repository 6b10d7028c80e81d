import {
  completedState,
  gotStatusState,
  unresolvableTokenState,
  wizardStatesByKind,
} from '@tidewatch/shared';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';

/** The happy path a user walks; side states sit at the price-data step. */
function stepsOf(kind: FarmKind): readonly string[] {
  return wizardStatesByKind[kind].filter(
    (state) => state !== unresolvableTokenState && state !== gotStatusState,
  );
}

function positionOf(steps: readonly string[], state: string): number {
  if (state === unresolvableTokenState || state === gotStatusState) {
    return steps.indexOf('FETCHING_TOKEN_COINMARKETCAP_DATA');
  }
  return Math.max(0, steps.indexOf(state));
}

/** The visible list of steps done, the current one and those to come. */
export function StepsList({ kind, current }: { kind: FarmKind; current: string }) {
  const steps = stepsOf(kind);
  const position = positionOf(steps, current);
  const isDone = current === completedState;
  return (
    <ol aria-label="import steps" className="space-y-0.5 text-xs break-all">
      {steps.map((step, index) => {
        const status = isDone || index < position ? 'done' : index === position ? 'current' : 'to come';
        return (
          <li
            key={step}
            aria-current={status === 'current' ? 'step' : undefined}
            className={
              status === 'done'
                ? 'text-emerald-700 dark:text-emerald-300'
                : status === 'current'
                  ? 'font-semibold text-sky-800 dark:text-sky-300'
                  : 'text-slate-500 dark:text-slate-400'
            }
          >
            <span aria-hidden="true" className="mr-1 inline-block w-3">
              {status === 'done' ? '✓' : status === 'current' ? '›' : '·'}
            </span>
            {step}
            <span className="sr-only"> ({status})</span>
          </li>
        );
      })}
    </ol>
  );
}
