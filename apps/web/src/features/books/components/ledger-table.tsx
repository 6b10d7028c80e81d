import type { LedgerRow, LedgerTokenAmount } from '@tidewatch/shared/ledger';
import { formatUsd } from '../../../lib/format.ts';
import { formatRowGas, formatTokenAmounts, ledgerKindLabels, transactionUrl } from './ledger-text.ts';
import { exactly, exactTitle } from './readable-amount.ts';

/** On a phone a cell says what it is itself: the table's headers are not shown there. */
const phoneCaption = 'text-xs text-slate-500 lg:hidden dark:text-slate-400';
const cell = 'lg:py-1.5 lg:pr-3 lg:align-top';

/** The exact amounts behind a rounded cell, as its title (none when the cell shows them all). */
const amountsTitle = (amounts: readonly LedgerTokenAmount[]) =>
  exactTitle(formatTokenAmounts(amounts, exactly), formatTokenAmounts(amounts));

function LedgerTableRow({ row }: { row: LedgerRow }) {
  const url = transactionUrl(row.tx_hash);
  return (
    <tr className="flex flex-wrap gap-x-4 gap-y-1 py-3 lg:table-row lg:py-0">
      <td className={`w-full tabular-nums lg:w-auto lg:whitespace-nowrap ${cell}`}>{row.local_time}</td>
      <td className={`wrap-anywhere ${cell}`}>
        {row.position.label}
        <span className="block text-xs text-slate-500 dark:text-slate-400">on {row.chain.name}</span>
      </td>
      <td className={`font-medium ${cell}`}>{ledgerKindLabels[row.kind]}</td>
      <td className={`wrap-anywhere tabular-nums ${cell}`} title={amountsTitle(row.sent)}>
        <span className={phoneCaption}>sent: </span>
        {formatTokenAmounts(row.sent)}
      </td>
      <td className={`wrap-anywhere tabular-nums ${cell}`} title={amountsTitle(row.received)}>
        <span className={phoneCaption}>received: </span>
        {formatTokenAmounts(row.received)}
      </td>
      <td className={`tabular-nums lg:text-right ${cell}`} title={row.usd_error ?? undefined}>
        <span className={phoneCaption}>USD: </span>
        {formatUsd(row.usd)}
      </td>
      <td
        className={`wrap-anywhere tabular-nums ${cell}`}
        title={exactTitle(formatRowGas(row.gas, exactly), formatRowGas(row.gas))}
      >
        <span className={phoneCaption}>gas: </span>
        {formatRowGas(row.gas)}
      </td>
      <td className={cell}>
        {url ? (
          <a href={url} target="_blank" rel="noreferrer" className="text-sky-700 underline dark:text-sky-300">
            tx {row.tx_hash.slice(0, 10)}…
          </a>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}

/**
 * The year's ledger rows, oldest first, times in the chosen zone. A table from the lg breakpoint up, stacked
 * rows below it: eight columns do not fit a phone, and a sideways scroller would hide most of them.
 */
export function LedgerTable({ rows, timeZone }: { rows: readonly LedgerRow[]; timeZone: string }) {
  return (
    <section aria-label="ledger" className="space-y-2">
      <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">ledger</h2>
      <table className="block w-full text-left text-sm lg:table">
        <thead className="hidden text-xs text-slate-500 lg:table-header-group dark:text-slate-400">
          <tr>
            <th className="py-1 pr-3 font-medium">time ({timeZone})</th>
            <th className="py-1 pr-3 font-medium">position</th>
            <th className="py-1 pr-3 font-medium">kind</th>
            <th className="py-1 pr-3 font-medium">sent</th>
            <th className="py-1 pr-3 font-medium">received</th>
            <th className="py-1 pr-3 text-right font-medium">USD</th>
            <th className="py-1 pr-3 font-medium">gas (POL, USD)</th>
            <th className="py-1 font-medium">transaction</th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 lg:table-row-group dark:divide-slate-800">
          {rows.map((row) => (
            <LedgerTableRow key={row.id} row={row} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
