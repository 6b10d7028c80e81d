import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';

/** Saves the position history as CSV (the API needs the bearer token, so a plain link would not do). */
export function DownloadCsvButton({ farmAddress, account }: { farmAddress: string; account: string }) {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const csv = await api.get<string>(
        `/quickswap/farm/details/${encodeURIComponent(farmAddress)}/positions.csv?account=${encodeURIComponent(account)}`,
      );
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `tidewatch-${farmAddress.slice(0, 10)}-${account.slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'the download failed');
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => void download()}
        disabled={isBusy}
        className="rounded border border-slate-300 px-2 py-1 text-sm text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800/60"
      >
        download CSV
      </button>
      {error ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </span>
      ) : null}
    </span>
  );
}
