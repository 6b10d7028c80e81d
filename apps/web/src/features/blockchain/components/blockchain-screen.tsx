import { useQuery } from '@tanstack/react-query';
import { AppError } from '@tidewatch/shared';
import type { ReactNode } from 'react';
import { Card, InlineError, Page, Spinner } from '../../../components/index.ts';
import { blockchainQueryOptions } from '../api/get-blockchain.ts';

export type BlockchainScreenProps = {
  chainId: string;
  /** The user's wallets on this chain. */
  wallets: ReactNode;
  /** Farms tracked on this chain (the farms feature fills it). */
  farms?: ReactNode;
};

/** /blockchain/{chainId}: the network's name, chain id and explorer, then the user's wallets (and farms) on it. */
export function BlockchainScreen({ chainId, wallets, farms }: BlockchainScreenProps) {
  // The same query as the facts' (one request): an unknown chain has no wallets or farms to list.
  const query = useQuery(blockchainQueryOptions(chainId));
  const isUnknown = query.isError && isUnknownChain(query.error);
  return (
    <Page title="blockchain">
      <div className="space-y-6">
        <Card>
          <BlockchainFacts chainId={chainId} />
        </Card>
        {isUnknown ? null : (
          <>
            <Card title="your wallets on this blockchain">{wallets}</Card>
            {farms ? <Card title="tracked farms on this blockchain">{farms}</Card> : null}
          </>
        )}
      </div>
    </Page>
  );
}

/** The server knows no such chain (or the id is no number): nothing to retry. */
function isUnknownChain(error: Error): boolean {
  return error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED');
}

function BlockchainFacts({ chainId }: { chainId: string }) {
  const query = useQuery(blockchainQueryOptions(chainId));
  if (query.isPending) return <Spinner label="loading blockchain" />;
  if (query.isError) {
    if (isUnknownChain(query.error))
      return (
        <p className="text-sm text-slate-700 dark:text-slate-300">blockchain {chainId} is not one we know</p>
      );
    return (
      <InlineError
        title="could not load the blockchain"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { blockchain } = query.data;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-slate-500 dark:text-slate-400">name</dt>
        <dd className="text-lg font-semibold text-slate-900 dark:text-slate-100">{blockchain.name}</dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">chain id</dt>
        <dd className="font-mono text-slate-900 dark:text-slate-100">{blockchain.chainId}</dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">explorer</dt>
        <dd>
          <a
            href={blockchain.explorerUrl}
            target="_blank"
            rel="noreferrer"
            className="text-sky-700 hover:underline dark:text-sky-300"
          >
            {blockchain.explorerUrl.replace(/^https?:\/\//, '')}
          </a>
        </dd>
      </div>
    </dl>
  );
}
