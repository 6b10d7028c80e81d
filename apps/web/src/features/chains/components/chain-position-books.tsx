import type { ChainWalletHistory } from '@tidewatch/shared/chains';
import type { LedgerRow, LedgerTokenAmount } from '@tidewatch/shared/ledger';
import { formatSignedUsd, formatUsd } from '../../../lib/format.ts';
import { PositionBooksPanel } from '../../books/index.ts';

type PositionBooks = ChainWalletHistory['positions'][number];

/** A V4 row's kind as a person reads it (the ledger's V3 kinds are the same moves of a concentrated position). */
const kindLabels: Partial<Record<LedgerRow['kind'], string>> = {
  opening_balance: 'opening balance',
  v3_deposit: 'deposit',
  v3_withdraw: 'withdraw',
  v3_fees: 'fees collected',
};

const amountsText = (amounts: readonly LedgerTokenAmount[]) =>
  amounts.length === 0 ? '—' : amounts.map((a) => `${a.amount_display} ${a.symbol}`).join(' + ');

/**
 * A V4 position's books on its chain (V3's books: deposits, withdrawals, fees, gas in the chain's native token, the
 * one profit the dashboard counts) and the events they come from, each naming its chain; a note while its history
 * is still being read.
 */
export function ChainPositionBooks({
  position,
  nativeSymbol,
}: {
  position: PositionBooks;
  nativeSymbol: string;
}) {
  return (
    <section aria-label={`books of ${position.label}`} className="mt-3 space-y-2">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{position.label}</h3>
      {position.books ? (
        <PositionBooksPanel books={position.books} nativeSymbol={nativeSymbol} />
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">{position.books_note}</p>
      )}
      {position.returns ? (
        <p className="text-xs text-slate-700 dark:text-slate-300">
          Against holding its tokens: held, they would be worth {formatUsd(position.returns.hodl_usd)} now;
          the pool's part {formatSignedUsd(position.returns.vs_hodl_usd)} (fees apart); swap fees earned{' '}
          {formatUsd(position.returns.fees_earned_usd)}.
        </p>
      ) : null}
      {position.rows.length > 0 ? (
        <table
          className="w-full text-xs text-slate-700 dark:text-slate-300"
          aria-label={`events of ${position.label}`}
        >
          <thead>
            <tr>
              <th scope="col" className="text-left font-medium">
                time
              </th>
              <th scope="col" className="text-left font-medium">
                event
              </th>
              <th scope="col" className="text-left font-medium">
                in / out
              </th>
              <th scope="col" className="text-right font-medium">
                USD then
              </th>
            </tr>
          </thead>
          <tbody>
            {position.rows.map((row) => (
              <tr key={row.id}>
                <td>
                  {row.block_time.replace('T', ' ').slice(0, 16)} UTC, block{' '}
                  {row.block_number.toLocaleString('en-US')}
                </td>
                <td>
                  {kindLabels[row.kind] ?? row.kind} on {row.chain.name}
                </td>
                <td>
                  {row.sent.length > 0
                    ? `sent ${amountsText(row.sent)}`
                    : `received ${amountsText(row.received)}`}
                </td>
                <td className="text-right tabular-nums">{formatUsd(row.usd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
