import { formatTokenAmount } from '@tidewatch/shared/amounts';
import type { ReactNode } from 'react';

type Amount = { token: { symbol: string }; amount: string };
/** '1.5 WETH'. */
export const amountText = (amount: Amount) => `${formatTokenAmount(amount.amount)} ${amount.token.symbol}`;
/** 'WETH/USDC'. */
export const pairText = (amounts: readonly Amount[]) => amounts.map((a) => a.token.symbol).join('/');
export const quiet = 'text-sm text-slate-600 dark:text-slate-400';
const cell = 'px-2 py-1.5 text-right tabular-nums';
const headBase = 'px-2 py-1.5 font-medium text-slate-500 dark:text-slate-400';

/** One kind of holding on one chain: its heading naming the chain, a row per position, or what it has none of. */
export function HoldingsTable({
  heading,
  emptyText,
  columns,
  rows,
}: {
  heading: string;
  emptyText: string;
  columns: string[];
  rows: { key: string; label: string; cells: ReactNode[] }[];
}) {
  return (
    <div className="space-y-1">
      <h4 className="text-sm font-medium text-slate-700 dark:text-slate-300">{heading}</h4>
      {rows.length === 0 ? (
        <p className={quiet}>{emptyText}</p>
      ) : (
        // On a phone the table scrolls inside this box: it takes keyboard focus so the scroll is reachable without
        // a mouse (WCAG 2.1.1; a table without actions, Polygon's, has no control that would take the focus).
        <section
          className="relative overflow-x-auto"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe scrollable-region-focusable)
          tabIndex={0}
          aria-label={`${heading}, scrolls sideways`}
        >
          <table className="w-full text-sm" aria-label={heading}>
            <thead>
              <tr>
                {columns.map((column, i) => (
                  <th
                    key={column}
                    scope="col"
                    className={`${headBase} ${i === 0 ? 'text-left' : 'text-right'}`}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="px-2 py-1.5 text-left font-normal">
                    {row.label}
                  </th>
                  {row.cells.map((content, i) => (
                    <td key={columns[i + 1]} className={cell}>
                      {content}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
