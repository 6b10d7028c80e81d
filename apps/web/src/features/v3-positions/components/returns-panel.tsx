import type { V3PositionHistory } from '@tidewatch/shared/v3-positions';
import { formatSignedUsd, formatUsd } from '../../../lib/format.ts';
import { Figure } from './figures.tsx';

type Returns = NonNullable<V3PositionHistory['returns']>;

/**
 * How the position did against holding its tokens, with the fees it earned and the farming rewards apart
 * (each in USD at its event's block). Unknown stays 'unknown', never $0.
 */
export function ReturnsPanel({
  returns,
  asOfBlock,
}: {
  returns: Returns | null;
  /** The snapshot the returns are of: the newest whose events are final (the books' too). */
  asOfBlock?: number | null | undefined;
}) {
  return (
    <section
      aria-label="returns"
      className="rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="mb-2 text-base font-semibold text-slate-900 dark:text-slate-100">returns</h2>
      {returns ? (
        <dl className="space-y-0.5 text-sm">
          <Figure label="deposited">{formatUsd(returns.deposited_usd)}</Figure>
          <Figure label="withdrawn">{formatUsd(returns.withdrawn_usd)}</Figure>
          <Figure label="value now">{formatUsd(returns.value_now_usd)}</Figure>
          <Figure label="value if held">{formatUsd(returns.hodl_usd)}</Figure>
          <Figure label="vs holding">{formatSignedUsd(returns.vs_hodl_usd)}</Figure>
          <Figure label="fees earned">{formatUsd(returns.fees_earned_usd)}</Figure>
          <Figure label="farming rewards">{formatUsd(returns.rewards_usd)}</Figure>
          {/* The one total profit (issue 42), the books' and the dashboard's figure. */}
          {returns.total_profit_usd === undefined ? null : (
            <Figure label="total profit">{formatSignedUsd(returns.total_profit_usd)}</Figure>
          )}
        </dl>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          no returns yet: the position's history is still being read from the chain
        </p>
      )}
      {returns ? (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          'vs holding' is the pool's part (value now and withdrawn against the deposited tokens held), fees
          and rewards apart
        </p>
      ) : null}
      {returns && asOfBlock ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          as of block {asOfBlock}, the newest snapshot whose events are final
        </p>
      ) : null}
      {returns?.total_profit_note ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{returns.total_profit_note}</p>
      ) : null}
    </section>
  );
}
