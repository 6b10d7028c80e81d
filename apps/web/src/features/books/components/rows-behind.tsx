import type { LedgerRow } from '@tidewatch/shared/ledger';
import { formatUsd } from '../../../lib/format.ts';
import { formatRowGas, formatTokenAmounts, ledgerKindLabels, transactionUrl } from './ledger-text.ts';

/** What a row moved, as one line: what arrived, else what left. */
const movedText = (row: LedgerRow) =>
  row.received.length > 0 ? formatTokenAmounts(row.received) : formatTokenAmounts(row.sent);

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
            {row.position.label} ·{' '}
            {showGas ? formatRowGas(row.gas) : `${movedText(row)} (${formatUsd(row.usd)})`}
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
