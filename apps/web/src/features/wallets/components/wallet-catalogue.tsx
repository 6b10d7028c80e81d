import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, Card, InlineError, Spinner, TextField } from '../../../components/index.ts';
import { walletCatalogueQueryOptions } from '../api/get-wallet-catalogue.ts';
import { ConnectWalletGuide } from './connect-wallet-guide.tsx';

function matches(entry: { name: string; blockchains: string[] }, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [entry.name, ...entry.blockchains].some((text) => text.toLowerCase().includes(needle));
}

/**
 * The dashboard's 'connect wallet to your account' list (screen 10): searchable by wallet name or blockchain;
 * choosing an entry opens the connect-wallet guide below it.
 */
export function WalletCatalogue() {
  const query = useQuery(walletCatalogueQueryOptions());
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const guideTitleId = useId();

  return (
    <Card title="connect wallet to your account">
      <div className="space-y-4">
        <TextField
          label="search wallets or blockchains"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {query.isPending ? <Spinner label="loading wallet catalogue" /> : null}
        {query.isError ? (
          <InlineError
            title="could not load the wallet catalogue"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : null}
        {query.data ? (
          <CatalogueEntries
            entries={query.data.wallets.filter((entry) => matches(entry, search))}
            chosen={chosen}
            onChoose={setChosen}
          />
        ) : null}
        {chosen ? (
          <section
            aria-labelledby={guideTitleId}
            className="rounded-md border border-sky-200 bg-sky-50/40 p-4 dark:border-sky-800 dark:bg-sky-950/40"
          >
            <h3 id={guideTitleId} className="mb-3 text-sm font-semibold text-slate-900 dark:text-slate-100">
              connect {chosen} wallet
            </h3>
            <ConnectWalletGuide onClose={() => setChosen(null)} />
          </section>
        ) : null}
      </div>
    </Card>
  );
}

function CatalogueEntries({
  entries,
  chosen,
  onChoose,
}: {
  entries: { name: string; blockchains: string[] }[];
  chosen: string | null;
  onChoose: (name: string) => void;
}) {
  if (entries.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">no wallet matches your search</p>;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {entries.map((entry) => (
        <li key={entry.name} className="flex flex-wrap items-center gap-3 py-2">
          <Button
            variant={chosen === entry.name ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={chosen === entry.name}
            onClick={() => onChoose(entry.name)}
          >
            connect {entry.name} wallet
          </Button>
          <span className="text-sm text-slate-600 dark:text-slate-400">{entry.blockchains.join(', ')}</span>
        </li>
      ))}
    </ul>
  );
}
