import { CsvDownloadButton } from '../../../components/index.ts';
import { api } from '../../../lib/api-client.ts';

/** Saves the position history as CSV. */
export function DownloadCsvButton({ farmAddress, account }: { farmAddress: string; account: string }) {
  return (
    <CsvDownloadButton
      fetchCsv={() =>
        api.get<string>(
          `/quickswap/farm/details/${encodeURIComponent(farmAddress)}/positions.csv?account=${encodeURIComponent(account)}`,
        )
      }
      fileName={`tidewatch-${farmAddress.slice(0, 10)}-${account.slice(0, 10)}.csv`}
    />
  );
}
