import { CsvDownloadButton } from '../../../components/index.ts';
import { getLedgerCsv, ledgerCsvChoices, ledgerCsvFileName } from '../api/get-ledger-csv.ts';

export type LedgerDownloadsProps = { walletAddress: string; year: number; timeZone: string };

/** 'Koinly CSV', 'CoinTracking CSV', 'Tidewatch CSV': the year's ledger saved in each tool's format. */
export function LedgerDownloads({ walletAddress, year, timeZone }: LedgerDownloadsProps) {
  return (
    <section aria-label={`download ${year}`} className="flex flex-wrap items-center gap-2">
      {ledgerCsvChoices.map(({ format, label }) => (
        <CsvDownloadButton
          key={format}
          label={label}
          fetchCsv={() => getLedgerCsv({ walletAddress, year, format, timeZone })}
          fileName={ledgerCsvFileName({ walletAddress, year, format })}
        />
      ))}
    </section>
  );
}
