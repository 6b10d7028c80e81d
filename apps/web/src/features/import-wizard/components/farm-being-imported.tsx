/**
 * Names the farm an open import is for, from STARTED on: its pair (once known), its address and the URL it
 * will be stored with, so a person never continues an import without knowing which farm it is.
 */
export function FarmBeingImported({ data }: { data: Record<string, unknown> }) {
  const farmAddress = typeof data.farm_address === 'string' ? data.farm_address : undefined;
  if (!farmAddress) return null;
  const pair =
    typeof data.symbol0 === 'string' && data.symbol0 && typeof data.symbol1 === 'string' && data.symbol1
      ? `${data.symbol0}-${data.symbol1} farm`
      : 'farm';
  const url =
    typeof data.farm_url === 'string' ? data.farm_url : typeof data.url === 'string' ? data.url : undefined;
  return (
    <section
      aria-label="the farm being imported"
      className="space-y-1 rounded-md border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="font-medium text-slate-900 dark:text-slate-100">importing the {pair}</p>
      <p className="font-mono text-xs break-all text-slate-700 dark:text-slate-300">{farmAddress}</p>
      {url ? <p className="text-xs break-all text-slate-600 dark:text-slate-400">{url}</p> : null}
    </section>
  );
}
