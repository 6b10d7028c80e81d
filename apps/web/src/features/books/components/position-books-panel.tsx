import type { PositionBooks } from '@tidewatch/shared/ledger';
import { formatUsd, formatSignedUsd as signed } from '../../../lib/format.ts';
import { formatSmallUsd, gasUnknownText, usdUnknownText } from './ledger-text.ts';
import { exactly, exactTitle, readableAmount } from './readable-amount.ts';

/** Wei as POL, exact: the wire's integer text split at 18 decimals, trailing zeros dropped. */
export function formatPolFromWei(wei: string): string {
  const negative = wei.startsWith('-');
  const digits = (negative ? wei.slice(1) : wei).padStart(19, '0');
  const whole = digits.slice(0, -18).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(-18).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Gas in the chain's native token (POL on Polygon, ETH on Base; rounded for reading, `show` = exactly for the exact
 * amount) and USD; receipts not read yet make it 'unknown', or the known part '+ unknown'.
 */
function gasText(
  books: PositionBooks,
  native: string,
  show: (exact: string) => string = readableAmount,
): string {
  const paid = show(formatPolFromWei(books.gas_pol));
  if (books.gas_unknown_rows === 0) return `${paid} ${native} (${formatSmallUsd(books.gas_usd)})`;
  if (books.gas_pol === '0') return 'unknown';
  return `${paid} ${native} + unknown (${formatSmallUsd(books.gas_usd)})`;
}

/**
 * A position's books (issue 35, item 2), beside its returns against holding: rewards income (each claim at its
 * block's price), pending rewards, gas, what went in and out, value now and total profit ("vs USD": value now
 * + withdrawn + claimed − deposited − gas). With the one profit (issue 42) its total is that, pending rewards
 * in, and the books' own total is 'claimed only', said so. Unknown stays 'unknown', never $0, prices named.
 */
export function PositionBooksPanel({
  books,
  nativeSymbol = 'POL',
}: {
  books: PositionBooks;
  /** The chain's native token, which gas is paid in. */
  nativeSymbol?: string;
}) {
  const { profit } = books;
  const figures: Array<{ label: string; value: string; hint?: string; exact?: string | undefined }> = [
    { label: 'rewards income', value: formatUsd(books.rewards_income_usd), hint: 'each claim at its block' },
    { label: 'pending rewards', value: formatUsd(books.pending_rewards_usd) },
    {
      label: 'gas paid',
      value: gasText(books, nativeSymbol),
      exact: exactTitle(gasText(books, nativeSymbol, exactly), gasText(books, nativeSymbol)),
    },
    { label: 'deposited', value: formatUsd(books.deposited_usd) },
    { label: 'withdrawn', value: formatUsd(books.withdrawn_usd) },
    ...(profit?.fees_usd === undefined
      ? []
      : [
          {
            label: 'swap fees',
            value: formatUsd(profit.fees_usd),
            hint: 'collected (in withdrawn) and uncollected (in value now)',
          },
        ]),
    { label: 'value now', value: formatUsd(books.value_now_usd) },
    // The one total profit (issue 42): the figure the returns and the dashboard show for this snapshot.
    ...(profit
      ? [
          {
            label: 'total profit',
            value: signed(profit.total_profit_usd),
            hint: 'value now + withdrawn + claimed + pending − deposited − gas',
          },
        ]
      : []),
    {
      label: profit ? 'total profit, claimed only' : 'total profit',
      value: signed(books.total_profit_usd),
      hint: 'value now + withdrawn + claimed − deposited − gas',
    },
  ];
  // Why the books' own total differs from the one profit, in words: a reward counts once it is claimed.
  const claimedOnly =
    profit && books.pending_rewards_usd !== 0
      ? `'total profit, claimed only' excludes rewards not yet claimed: ${formatUsd(books.pending_rewards_usd)}.`
      : null;
  const notes = [
    ...(books.gas_unknown_rows > 0 ? [gasUnknownText(books.gas_unknown_rows)] : []),
    ...(books.usd_unknown_rows > 0 ? [usdUnknownText(books.usd_unknown_rows)] : []),
  ];
  return (
    <section
      aria-label="the books"
      className="rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="mb-2 text-base font-semibold text-slate-900 dark:text-slate-100">the books</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
        {figures.map((figure) => (
          <div key={figure.label} className="contents">
            <dt className="text-slate-600 dark:text-slate-400" title={figure.hint}>
              {figure.label}
            </dt>
            <dd
              className="text-right font-mono tabular-nums wrap-anywhere text-slate-900 dark:text-slate-100"
              title={figure.exact}
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      {notes.map((note) => (
        <p key={note} className="mt-1 text-xs text-amber-800 dark:text-amber-300">
          {note}
        </p>
      ))}
      {claimedOnly ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{claimedOnly}</p> : null}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {books.prices} (as of block {books.as_of_block})
      </p>
    </section>
  );
}
