import { useState } from 'react';

export type CsvDownloadButtonProps = {
  /** Fetches the CSV (the API needs the bearer token, so a plain link would not do). */
  fetchCsv: () => Promise<string>;
  /** The saved file's name. */
  fileName: string;
  /** The button's text; 'download CSV' unless a screen offers several files. */
  label?: string;
};

/** 'download CSV': fetches the text and saves it as a file; a failure is said beside the button. */
export function CsvDownloadButton({ fetchCsv, fileName, label = 'download CSV' }: CsvDownloadButtonProps) {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const csv = await fetchCsv();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
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
        {label}
      </button>
      {error ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </span>
      ) : null}
    </span>
  );
}
