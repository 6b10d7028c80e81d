import { useQuery } from '@tanstack/react-query';
import type { Wallet } from '@tidewatch/shared';
import { isSameAddress } from '@tidewatch/shared/same-address';
import { InlineError, PanelBoundary, Spinner } from '../../../components/index.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { trackedPositionsQueryOptions } from '../api/get-tracked-positions.ts';
import { walletPositionsQueryOptions } from '../api/get-wallet-positions.ts';
import { MerklClaim } from './merkl-claim.tsx';
import { MerklRewardsLine } from './merkl-rewards.tsx';
import { PositionCard } from './position-card.tsx';

/**
 * One saved or watch-only wallet on the 'All' tab: its positions (held and deposited in farming) read from
 * the chain, and its Merkl rewards. Each wallet is its own request, so one that fails leaves the others.
 */
export function WalletPositions({ wallet }: { wallet: Wallet }) {
  const query = useQuery(walletPositionsQueryOptions(wallet.address));
  // Which of them the user tracks with this wallet: the tracked list is the tool's other tab, often cached.
  const trackedIds = useQuery({
    ...trackedPositionsQueryOptions(),
    select: ({ positions }) =>
      new Set(
        positions
          .filter((tracked) => isSameAddress(tracked.wallet_address, wallet.address))
          .map((tracked) => tracked.token_id),
      ),
  });
  const label = `wallet ${shortenAddress(wallet.address)}`;
  return (
    <section aria-label={label} className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {wallet.name} · <span className="font-mono">{shortenAddress(wallet.address)}</span>
        {wallet.is_watch_only ? (
          <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">(watch-only)</span>
        ) : null}
      </h3>
      {query.isPending ? <Spinner label={`loading positions of ${shortenAddress(wallet.address)}`} /> : null}
      {query.isError ? <InlineError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <MerklRewardsLine merkl={query.data.merkl} />
          <MerklClaim
            walletAddress={wallet.address}
            merkl={query.data.merkl}
            contracts={query.data.contracts}
            canAct={query.data.can_act}
          />
          {query.data.positions.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">no V3 positions in this wallet</p>
          ) : null}
          {query.data.positions.map((position) => (
            <PanelBoundary key={position.token_id} name="position card">
              <PositionCard
                position={position}
                walletAddress={wallet.address}
                isTracked={trackedIds.data?.has(position.token_id) ?? false}
              />
            </PanelBoundary>
          ))}
        </>
      ) : null}
    </section>
  );
}
