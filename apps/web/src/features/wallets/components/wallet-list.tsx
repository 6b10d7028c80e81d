import { useQuery } from '@tanstack/react-query';
import type { Wallet } from '@tidewatch/shared';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Badge, Card, Collapsible, InlineError, PanelBoundary, Spinner } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { connectedWalletsQueryOptions } from '../api/get-connected-wallets.ts';
import { WatchAddressForm } from './watch-address-form.tsx';

/** Polygon: QuickSwap farms, and so books and a recovery plan, exist only there. */
const polygonChainId = 137;

/**
 * One saved wallet: short address (to its view), wallet service, blockchain (to its page), and on Polygon
 * 'books' (its ledger, issue 35) and 'get it out' (its recovery plan, issue 33). Screens 10, 11.
 */
function WalletListItem({ wallet }: { wallet: Wallet }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm">
      <Link
        to={paths.walletView.getHref(wallet.id)}
        title={wallet.address}
        className="font-mono font-medium text-sky-700 hover:underline dark:text-sky-300"
      >
        {shortenAddress(wallet.address)}
      </Link>
      <span className="min-w-0 wrap-anywhere text-slate-600 dark:text-slate-400">
        {wallet.name}
        {wallet.is_watch_only ? (
          <Badge className="ml-2 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            watch-only
          </Badge>
        ) : null}
      </span>
      <Link
        to={paths.blockchain.getHref(wallet.blockchain.chainId)}
        className="text-sky-700 hover:underline dark:text-sky-300"
      >
        {wallet.blockchain.name}
      </Link>
      {wallet.blockchain.chainId === polygonChainId ? (
        <span className="flex gap-3">
          <Link
            to={paths.books.getHref(wallet.address)}
            className="text-sky-700 hover:underline dark:text-sky-300"
          >
            books
          </Link>
          <Link
            to={paths.recovery.getHref(wallet.address)}
            className="text-sky-700 hover:underline dark:text-sky-300"
          >
            get it out
          </Link>
        </span>
      ) : null}
    </li>
  );
}

export type WalletListProps = {
  /** Only wallets on this chain (the blockchain page). */
  chainId?: number;
  /** Shown when there is nothing to list. */
  emptyText?: string;
};

/** The user's saved wallets (GET /api/wallets/connected) with spinner, error + retry and an empty text. */
export function WalletList({ chainId, emptyText = 'no wallets saved yet' }: WalletListProps) {
  const query = useQuery(connectedWalletsQueryOptions());
  if (query.isPending) return <Spinner label="loading wallets" />;
  if (query.isError)
    return (
      <InlineError
        title="could not load your wallets"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const wallets =
    chainId === undefined
      ? query.data.wallets
      : query.data.wallets.filter((w) => w.blockchain.chainId === chainId);
  if (wallets.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{emptyText}</p>;
  return (
    <ul aria-label="wallets" className="divide-y divide-slate-100 dark:divide-slate-800">
      {wallets.map((wallet) => (
        <WalletListItem key={wallet.id} wallet={wallet} />
      ))}
    </ul>
  );
}

function WalletCount() {
  const query = useQuery(connectedWalletsQueryOptions());
  return <Badge>{query.data ? query.data.wallets.length : '…'}</Badge>;
}

/** Screen 11: the card titled 'Wallets' with a count badge. */
export function WalletListCard() {
  return (
    <Card title="Wallets" actions={<WalletCount />}>
      <PanelBoundary name="wallet list">
        <WalletList />
      </PanelBoundary>
      <WatchAddressForm />
    </Card>
  );
}

/** Screen 10's wallet summary: the same list in a collapsible panel, open by default. */
export function WalletSummaryPanel() {
  return (
    <Collapsible title="Wallets" meta={<WalletCount />} panelId="wallets">
      <PanelBoundary name="wallet list">
        <WalletList />
      </PanelBoundary>
      <Link
        to={paths.wallets.getHref('view')}
        className="mt-2 inline-block text-sm font-medium text-sky-700 hover:underline dark:text-sky-300"
      >
        manage wallets
      </Link>
    </Collapsible>
  );
}
