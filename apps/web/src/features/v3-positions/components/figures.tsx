import type { ReactNode } from 'react';
import { Badge } from '../../../components/index.ts';

/**
 * One labelled figure of a card or a detail: a term and its value (inside a <dl>). The value breaks anywhere
 * once it has a line of its own and still does not fit: a range near the extreme ticks has prices of 40 digits.
 */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-right font-medium tabular-nums wrap-anywhere text-slate-900 dark:text-slate-100">
        {children}
      </dd>
    </div>
  );
}

/** 'in range' (earning fees) or 'out of range' (all in one token, earning nothing). */
export function RangeBadge({ isInRange }: { isInRange: boolean }) {
  return isInRange ? (
    <Badge className="bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-200">
      in range
    </Badge>
  ) : (
    <Badge className="bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-200">out of range</Badge>
  );
}

/** Lines of one figure, one per row (a token amount each). */
export function Lines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </>
  );
}
