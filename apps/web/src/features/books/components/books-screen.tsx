import { useQuery } from '@tanstack/react-query';
import { currentYearIn, isTimeZone, type Ledger } from '@tidewatch/shared/ledger';
import { useSearchParams } from 'react-router';
import { InfoBanner, InlineError, Page, PanelBoundary, Spinner } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { ledgerQueryOptions } from '../api/get-ledger.ts';
import { yearSummaryQueryOptions } from '../api/get-year-summary.ts';
import { LedgerDownloads } from './ledger-downloads.tsx';
import { LedgerTable } from './ledger-table.tsx';
import { taxExportNote } from './tax-export-note.ts';
import { TimeZoneSelect } from './time-zone-select.tsx';
import { YearSummaryPanel } from './year-summary.tsx';

const defaultTimeZone = 'UTC';

/** Which farms the books cover: every stored event of the wallet, whoever tracked the farm or position. */
const coverage =
  'The books cover every farm and V3 position whose history was read for this wallet, tracked by you or anyone, now or before; track a farm to add its history.';

/** The years a ledger has rows in, by their local time in the ledger's zone. */
const yearsWithRows = (ledger: Ledger) => [
  ...new Set(ledger.rows.map((row) => Number(row.local_time.slice(0, 4)))),
];

/** A year as the address bar gives it; anything not four digits is the current year. */
const readYear = (text: string | null, fallback: number) =>
  text !== null && /^\d{4}$/.test(text) ? Number(text) : fallback;

/**
 * The books (issue 35): a wallet's calendar year in a chosen time zone, its summary with the list behind each
 * figure, the ledger rows, and the year's CSV for Koinly, CoinTracking or Tidewatch. Year and zone sit in the
 * address (?year=&tz=) so the page can be bookmarked and shared between a person's tabs.
 */
export function BooksScreen({ walletAddress }: { walletAddress: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const askedZone = searchParams.get('tz') || defaultTimeZone;
  // A zone in the address that is none (typed or edited by hand) reads as UTC, said, rather than failing.
  const timeZone = isTimeZone(askedZone) ? askedZone : defaultTimeZone;
  const currentYear = currentYearIn(timeZone);
  const year = readYear(searchParams.get('year'), currentYear);
  const ledger = useQuery({ ...ledgerQueryOptions(walletAddress, timeZone), select: yearsWithRows });
  const summary = useQuery(yearSummaryQueryOptions(walletAddress, year, timeZone));
  const leftOut = summary.data ? taxExportNote(summary.data.rows, year) : null;
  const years = [...new Set([currentYear, year, ...(ledger.data ?? [])])].sort((a, b) => b - a);

  const choose = (change: { year?: number; tz?: string }) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (change.year !== undefined) next.set('year', String(change.year));
      if (change.tz !== undefined) next.set('tz', change.tz);
      return next;
    });

  return (
    <Page
      title="books"
      description={`income, gas, deposits and withdrawals of ${shortenAddress(walletAddress)}`}
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
          <label className="flex items-center gap-2">
            <span className="text-slate-600 dark:text-slate-400">year</span>
            <select
              value={year}
              onChange={(event) => choose({ year: Number(event.target.value) })}
              className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
            >
              {years.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          <TimeZoneSelect value={timeZone} onChange={(tz) => choose({ tz })} />
        </div>
        {askedZone !== timeZone && (
          <InfoBanner messages={`"${askedZone}" is no time zone: the books are shown in ${timeZone}.`} />
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">{coverage}</p>
        <LedgerDownloads walletAddress={walletAddress} year={year} timeZone={timeZone} />
        {leftOut && <p className="text-sm text-slate-700 dark:text-slate-300">{leftOut}</p>}
        {summary.isPending ? (
          <Spinner label={`loading the books of ${year}`} />
        ) : summary.isError ? (
          <InlineError
            title={`could not load the books of ${year}`}
            error={summary.error}
            onRetry={() => void summary.refetch()}
          />
        ) : summary.data.rows.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            no ledger rows in {year} for {shortenAddress(walletAddress)} ({timeZone})
          </p>
        ) : (
          <>
            <PanelBoundary name="year summary" resetKeys={[year, timeZone]}>
              <YearSummaryPanel summary={summary.data} />
            </PanelBoundary>
            <PanelBoundary name="ledger" resetKeys={[year, timeZone]}>
              <LedgerTable rows={summary.data.rows} timeZone={summary.data.tz} />
            </PanelBoundary>
          </>
        )}
      </div>
    </Page>
  );
}
