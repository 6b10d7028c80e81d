import { CsvDownloadButton } from '../../../components/index.ts';
import { getPositionHistoryCsv } from '../api/get-position-history.ts';

/** Saves the tracked position's snapshots as CSV. */
export function DownloadHistoryCsv({ tokenId, walletAddress }: { tokenId: string; walletAddress: string }) {
  return (
    <CsvDownloadButton
      fetchCsv={() => getPositionHistoryCsv(tokenId, walletAddress)}
      fileName={`tidewatch-v3-position-${tokenId}-${walletAddress.slice(0, 10)}.csv`}
    />
  );
}
