import { useQuery } from '@tanstack/react-query';
import { AppError, type Wallet } from '@tidewatch/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Card, InlineError, Spinner } from '../../../components/index.ts';
import { walletDetailsQueryOptions } from '../api/get-wallet-details.ts';
import { RemoveWalletButton } from './remove-wallet-button.tsx';

/**
 * Screen 12: '{name} wallet', the full address and the blockchain link; a spinner while loading. Where the
 * original showed nothing for a missing wallet (or another user's: the server answers 404) we say so.
 */
export function WalletDetail({
  walletId,
  actions,
}: {
  walletId: string;
  /** The app layer's actions for this wallet ('find my farms'). */
  actions?: (wallet: Wallet) => ReactNode;
}) {
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
          <p className="text-sm text-slate-700 dark:text-slate-300">wallet not found</p>
        ) : (
          <InlineError
            title="could not load the wallet"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </Card>
    );
  }
  const { wallet } = query.data;
  return (
    <Card
      title={`${wallet.name} wallet${wallet.is_watch_only ? ' (watch-only)' : ''}`}
      actions={<RemoveWalletButton walletId={wallet.id} address={wallet.address} />}
    >
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">address</dt>
          <dd className="font-mono break-all text-slate-900 dark:text-slate-100">{wallet.address}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">blockchain</dt>
          <dd>
            <Link
              to={paths.blockchain.getHref(wallet.blockchain.chainId)}
              className="text-sky-700 hover:underline dark:text-sky-300"
            >
              {wallet.blockchain.name}
            </Link>
          </dd>
        </div>
      </dl>
      {actions ? (
        <div className="mt-4 border-t border-slate-100 pt-4 dark:border-slate-800">{actions(wallet)}</div>
      ) : null}
    </Card>
  );
}
