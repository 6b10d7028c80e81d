import { useQuery } from '@tanstack/react-query';
import { AppError } from '@tidewatch/shared';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Card, Spinner } from '../../../components/index.ts';
import { walletDetailsQueryOptions } from '../api/get-wallet-details.ts';
import { LoadError } from './load-error.tsx';

/**
 * Screen 12: '{name} wallet', the full address and the blockchain link; a spinner while loading. Where the
 * original showed nothing for a missing wallet (or another user's: the server answers 404) we say so.
 */
export function WalletDetail({ walletId }: { walletId: string }) {
  const query = useQuery(walletDetailsQueryOptions(walletId));
  if (query.isPending) {
    return (
      <Card>
        <Spinner label="loading wallet" />
      </Card>
    );
  }
  if (query.isError) {
    const isMissing =
      query.error instanceof AppError &&
      (query.error.code === 'NOT_FOUND' || query.error.code === 'VALIDATION_FAILED');
    return (
      <Card>
        {isMissing ? (
          <p className="text-sm text-slate-700">wallet not found</p>
        ) : (
          <LoadError what="the wallet" error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Card>
    );
  }
  const { wallet } = query.data;
  return (
    <Card title={`${wallet.name} wallet`}>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-slate-500">address</dt>
          <dd className="font-mono break-all text-slate-900">{wallet.address}</dd>
        </div>
        <div>
          <dt className="text-slate-500">blockchain</dt>
          <dd>
            <Link
              to={paths.blockchain.getHref(wallet.blockchain.chainId)}
              className="text-sky-700 hover:underline"
            >
              {wallet.blockchain.name}
            </Link>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
