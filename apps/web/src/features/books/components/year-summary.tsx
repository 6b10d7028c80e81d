import type { LedgerRow, YearSummary } from '@tidewatch/shared/ledger';
import {
  formatPartialUsd,
  formatTokenAmounts,
  gasUnknownText,
  gasUsdUnknownText,
  usdUnknownText,
} from './ledger-text.ts';
import { exactly, exactTitle, readableAmount } from './readable-amount.ts';
import { SummaryFigure, type SummaryFigureProps } from './summary-figure.tsx';

/** The rows named by `ids`, in the ledger's order. */
function rowsOf(summary: YearSummary, ids: readonly string[]): LedgerRow[] {
  const wanted = new Set(ids);
  return summary.rows.filter((row) => wanted.has(row.id));
}

const usdNotes = (unknownRows: number) => (unknownRows > 0 ? [usdUnknownText(unknownRows)] : []);

/** A figure's text rounded for reading, and its exact amounts as the title when they differ. */
function readable(
  text: (show: (exact: string) => string) => string,
): Pick<SummaryFigureProps, 'value' | 'title'> {
  const value = text(readableAmount);
  return { value, title: exactTitle(text(exactly), value) };
}

/** Gas in POL and USD; a total with no known receipt is 'unknown', never 0 POL. */
function gasValue(gas: YearSummary['gas'], show: (exact: string) => string): string {
  const count = gas.row_ids.length;
  const pol =
    gas.unknown_rows > 0 && gas.unknown_rows >= count
      ? 'unknown'
      : `${show(gas.pol_display)} POL${gas.unknown_rows > 0 ? ' + unknown' : ''}`;
  return `${pol} (${formatPartialUsd(gas.usd, gas.unknown_rows + gas.usd_unknown_rows, count)})`;
}

/**
 * A calendar year's books (issue 35, item 3): income by token, gas paid, deposits and withdrawals, each with
 * the rows it sums. What a total leaves out is said beside it, never counted as $0.
 */
export function YearSummaryPanel({ summary }: { summary: YearSummary }) {
  const { gas, deposits, withdrawals } = summary;
  return (
    <section
      aria-label="year summary"
      className="rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="mb-1 text-base font-semibold text-slate-900 dark:text-slate-100">
        {summary.year} in {summary.tz}
      </h2>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        final blocks up to {summary.final_block}; each USD figure at its own block's price
      </p>
      <dl className="text-sm">
        {summary.income.length === 0 ? (
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-slate-600 dark:text-slate-400">income</dt>
            <dd className="text-slate-900 dark:text-slate-100">none</dd>
          </div>
        ) : (
          summary.income.map((income) => {
            const rows = rowsOf(summary, income.row_ids);
            return (
              <SummaryFigure
                key={income.token.address}
                label={`income in ${income.token.symbol}`}
                {...readable(
                  (show) =>
                    `${show(income.token.amount_display)} ${income.token.symbol} (${formatPartialUsd(income.usd, income.usd_unknown_rows, rows.length)})`,
                )}
                notes={usdNotes(income.usd_unknown_rows)}
                rows={rows}
              />
            );
          })
        )}
        <SummaryFigure
          label="gas paid"
          {...readable((show) => gasValue(gas, show))}
          notes={[
            ...(gas.unknown_rows > 0 ? [gasUnknownText(gas.unknown_rows)] : []),
            ...(gas.usd_unknown_rows > 0 ? [gasUsdUnknownText(gas.usd_unknown_rows)] : []),
          ]}
          rows={rowsOf(summary, gas.row_ids)}
          showGas
        />
        {(
          [
            ['deposits', deposits],
            ['withdrawals', withdrawals],
          ] as const
        ).map(([label, flow]) => (
          <SummaryFigure
            key={label}
            label={label}
            {...readable(
              (show) =>
                `${formatPartialUsd(flow.usd, flow.usd_unknown_rows, flow.row_ids.length)}${
                  flow.by_token.length > 0 ? ` · ${formatTokenAmounts(flow.by_token, show)}` : ''
                }`,
            )}
            notes={usdNotes(flow.usd_unknown_rows)}
            rows={rowsOf(summary, flow.row_ids)}
          />
        ))}
      </dl>
    </section>
  );
}
