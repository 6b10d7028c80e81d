import type { LedgerRow } from '@tidewatch/shared/ledger';
import { type ReactNode, useId, useState } from 'react';
import { RowsBehind } from './rows-behind.tsx';

export type SummaryFigureProps = {
  label: string;
  value: ReactNode;
  /** The figure's exact amounts when `value` shows them rounded (readableAmount). */
  title?: string | undefined;
  /** What the figure leaves out ('USD unknown for 1 row'), said under it. */
  notes: string[];
  /** The rows it adds up. */
  rows: readonly LedgerRow[];
  /** The list behind a gas figure shows each row's gas instead of its amounts. */
  showGas?: boolean;
};

/** One figure of the year's summary, with 'the list behind' it folded under a button. */
export function SummaryFigure({ label, value, title, notes, rows, showGas = false }: SummaryFigureProps) {
  const [isOpen, setOpen] = useState(false);
  const listId = useId();
  const toggleText = isOpen ? 'hide the list behind' : `the list behind (${rows.length})`;
  // A <dl>'s group holds only its <dt> and <dd>: the notes, the toggle and the list are the figure's <dd>.
  return (
    <div className="border-t border-slate-100 py-2 first:border-t-0 dark:border-slate-800">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd>
        <p className="font-mono tabular-nums wrap-anywhere text-slate-900 dark:text-slate-100" title={title}>
          {value}
        </p>
        {notes.map((note) => (
          <p key={note} className="text-xs text-amber-800 dark:text-amber-300">
            {note}
          </p>
        ))}
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={listId}
          // Its name starts with what it shows (WCAG 2.5.3, label in name: a voice user says what they see),
          // then says which figure's list it is.
          aria-label={`${toggleText}: ${label}`}
          onClick={() => setOpen((open) => !open)}
          className="text-xs text-sky-700 hover:underline dark:text-sky-300"
        >
          {toggleText}
        </button>
        {isOpen ? <RowsBehind id={listId} rows={rows} showGas={showGas} /> : null}
      </dd>
    </div>
  );
}
