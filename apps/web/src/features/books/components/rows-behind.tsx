import type { LedgerRow } from '@tidewatch/shared/ledger';
import { formatUsd } from '../../../lib/format.ts';
import { formatRowGas, formatTokenAmounts, ledgerKindLabels, transactionUrl } from './ledger-text.ts';
import { exactly, exactTitle } from './readable-amount.ts';

/** What a row moved, as one line: what arrived, else what left (rounded; `show` = exactly for its title). */
const movedText = (row: LedgerRow, show?: (exact: string) => string) =>
  row.received.length > 0 ? formatTokenAmounts(row.received, show) : formatTokenAmounts(row.sent, show);

/** A row's figure in the list: its gas or what it moved, rounded, the exact amounts in its title. */
function RowFigure({ row, showGas }: { row: LedgerRow; showGas: boolean }) {
  const shown = showGas ? formatRowGas(row.gas) : `${movedText(row)} (${formatUsd(row.usd)})`;
  const exact = showGas
    ? formatRowGas(row.gas, exactly)
    : `${movedText(row, exactly)} (${formatUsd(row.usd)})`;
  return <span title={exactTitle(exact, shown)}>{shown}</span>;
}

/** The rows a summary figure adds up (its row_ids), in the ledger's order: a number can be checked line by line. */
export function RowsBehind({
  id,
  rows,
  showGas,
}: {
  id: string;
  rows: readonly LedgerRow[];
  showGas: boolean;
}) {
  if (rows.length === 0) return <p className="text-xs text-slate-600 dark:text-slate-400">no rows</p>;
  return (
    <ul id={id} className="mt-1 space-y-1 text-xs text-slate-700 dark:text-slate-300">
      {rows.map((row) => {
        const url = transactionUrl(row.tx_hash);
        return (
          <li key={row.id} className="wrap-anywhere">
            <span className="tabular-nums">{row.local_time}</span> · {ledgerKindLabels[row.kind]} ·{' '}
            {row.position.label} · <RowFigure row={row} showGas={showGas} />
            {url ? (
              <>
                {' · '}
                <a
                  href={url}
                  target="_blank"
                  rel="noreferrer"
                  className="text-sky-700 underline dark:text-sky-300"
                >
                  transaction
                </a>
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
