import type { ReactNode } from 'react';
import { Card, Page } from '../../../components/index.ts';
import { getKnownChain } from '../../../lib/wallet/index.ts';

export type BlockchainScreenProps = {
  chainId: string;
  /** The user's wallets on this chain. */
  wallets: ReactNode;
  /** Farms tracked on this chain (the farms feature fills it). */
  farms?: ReactNode;
};

/** /blockchain/{chainId}: the network's name, chain id and explorer, then the user's wallets (and farms) on it. */
export function BlockchainScreen({ chainId, wallets, farms }: BlockchainScreenProps) {
  const chain = /^\d+$/.test(chainId) ? getKnownChain(Number(chainId)) : undefined;
  return (
    <Page title="blockchain">
      <div className="space-y-6">
        <Card>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500">name</dt>
              <dd className="text-lg font-semibold text-slate-900">{chain?.name ?? 'unknown network'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">chain id</dt>
              <dd className="font-mono text-slate-900">{chainId}</dd>
            </div>
            <div>
              <dt className="text-slate-500">explorer</dt>
              <dd>
                {chain ? (
                  <a
                    href={chain.explorerUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="text-sky-700 hover:underline"
                  >
                    {chain.explorerUrl.replace(/^https:\/\//, '')}
                  </a>
                ) : (
                  <span className="text-slate-600">unknown for this network</span>
                )}
              </dd>
            </div>
          </dl>
        </Card>
        <Card title="your wallets on this blockchain">{wallets}</Card>
        {farms ? <Card title="tracked farms on this blockchain">{farms}</Card> : null}
      </div>
    </Page>
  );
}
