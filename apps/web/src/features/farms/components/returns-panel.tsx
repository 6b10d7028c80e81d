import type { Returns } from '@tidewatch/shared';
import { formatUsd, formatSignedUsd as signed } from '../../../lib/format.ts';

type Row = { label: string; value: string; hint?: string };

/** '(+1.24%)', '(-0.50%)'; a share that rounds to zero has no sign (never '(-0.00%)'). */
function signedPercent(percent: number): string {
  const text = Math.abs(percent).toFixed(2);
  const sign = /[1-9]/.test(text) ? (percent > 0 ? '+' : '-') : '';
  return ` (${sign}${text}%)`;
}

/**
 * Am I making money, and how does it compare with holding the two tokens: the position's cash flows in
 * USD at each event's block, profit and loss, and the difference against holding. Unknown stays
 * 'unknown' (a price no source knew), never $0.
 */
export function ReturnsPanel({ returns }: { returns: Returns }) {
  const ilPercent = returns.il_percent === null ? '' : signedPercent(returns.il_percent);
  const rows: Row[] = [
    {
      label: 'first staked',
      value: returns.first_staked_on ? new Date(returns.first_staked_on).toLocaleDateString() : 'unknown',
    },
    { label: 'deposited', value: formatUsd(returns.deposited_usd) },
    { label: 'withdrawn', value: formatUsd(returns.withdrawn_usd) },
    { label: 'rewards claimed', value: formatUsd(returns.rewards_claimed_usd) },
    { label: 'rewards pending', value: formatUsd(returns.rewards_pending_usd) },
    { label: 'value now', value: formatUsd(returns.value_usd) },
    {
      label: 'value if held',
      value: formatUsd(returns.hodl_value_usd),
      hint: 'the deposited tokens, never pooled',
    },
    { label: 'profit and loss', value: signed(returns.pnl_usd), hint: 'before gas' },
    // The one total profit (issue 42), the books' and the dashboard's figure; the note says why they differ.
    ...(returns.total_profit_usd === undefined
      ? []
      : [
          {
            label: 'total profit',
            value: signed(returns.total_profit_usd),
            hint: 'value now + withdrawn + claimed + pending − deposited − gas',
          },
        ]),
    {
      label: 'vs holding',
      value: `${signed(returns.il_usd)}${ilPercent}`,
      hint: 'impermanent loss; fees earned included',
    },
  ];
  return (
    <section
      aria-label="returns"
      className="rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="mb-2 text-base font-semibold text-slate-900 dark:text-slate-100">returns</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-slate-600 dark:text-slate-400" title={row.hint}>
              {row.label}
            </dt>
            <dd className="text-right font-mono tabular-nums text-slate-900 dark:text-slate-100">
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {returns.total_profit_note ? (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{returns.total_profit_note}</p>
      ) : null}
      {returns.unknown_because ? (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">unknown: {returns.unknown_because}</p>
      ) : null}
    </section>
  );
}
