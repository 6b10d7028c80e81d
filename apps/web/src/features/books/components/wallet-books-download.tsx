import { currentYearIn, type LedgerCsvFormat } from '@tidewatch/shared/ledger';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { CsvDownloadButton } from '../../../components/index.ts';
import { getLedgerCsv, ledgerCsvChoices, ledgerCsvFileName } from '../api/get-ledger-csv.ts';

const timeZone = 'UTC';

/**
 * The wallet page's small books control: this year's ledger in one chosen format (UTC, as the tax tools read
 * it), and a link to the books page for other years and time zones.
 */
export function WalletBooksDownload({ walletAddress }: { walletAddress: string }) {
  const [format, setFormat] = useState<LedgerCsvFormat>('koinly');
  const year = currentYearIn(timeZone);
  const label = ledgerCsvChoices.find((choice) => choice.format === format)?.label ?? format;
  return (
    <section aria-label="books" className="flex flex-wrap items-center gap-2 text-sm">
      <Link
        to={paths.books.getHref(walletAddress)}
        className="font-medium text-sky-700 hover:underline dark:text-sky-300"
      >
        books
      </Link>
      <span className="text-slate-600 dark:text-slate-400">{year} ledger:</span>
      <select
        aria-label="ledger format"
        value={format}
        onChange={(event) => setFormat(event.target.value as LedgerCsvFormat)}
        className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
      >
        {ledgerCsvChoices.map((choice) => (
          <option key={choice.format} value={choice.format}>
            {choice.label}
          </option>
        ))}
      </select>
      <CsvDownloadButton
        label={`download ${label}`}
        fetchCsv={() => getLedgerCsv({ walletAddress, year, format, timeZone })}
        fileName={ledgerCsvFileName({ walletAddress, year, format })}
      />
    </section>
  );
}
