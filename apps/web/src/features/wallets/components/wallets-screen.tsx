import type { Wallet } from '@tidewatch/shared';
import type { ReactNode } from 'react';
import { Card } from '../../../components/index.ts';
import { WalletDetail } from './wallet-detail.tsx';
import { WalletListCard } from './wallet-list.tsx';

/**
 * Screen 13: the wallet list on the left, the action on the right (two columns from md). view shows one
 * wallet; connect a placeholder; anything else a default placeholder.
 */
export type WalletActions = (wallet: Wallet) => ReactNode;

export function WalletsScreen({
  action,
  walletId,
  walletActions,
}: {
  action?: string;
  walletId?: string;
  walletActions?: WalletActions;
}) {
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 md:grid-cols-[minmax(0,22rem)_1fr]">
      <WalletListCard />
      <div>
        <WalletsAction action={action} walletId={walletId} walletActions={walletActions} />
      </div>
    </div>
  );
}

function WalletsAction({
  action,
  walletId,
  walletActions,
}: {
  action?: string;
  walletId?: string;
  walletActions?: WalletActions | undefined;
}) {
  if (action === 'view' && walletId)
    return <WalletDetail key={walletId} walletId={walletId} actions={walletActions} />;
  return (
    <Card>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {action === 'connect'
          ? 'connect a wallet from the dashboard'
          : 'choose a wallet on the left to see it here'}
      </p>
    </Card>
  );
}
