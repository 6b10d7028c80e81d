import { useQuery } from '@tanstack/react-query';
import { isSameAddress } from '@tidewatch/shared/same-address';
import type { VaultReturns } from '@tidewatch/shared/vaults';
import { Button, InlineError } from '../../../components/index.ts';
import { formatUsd } from '../../../lib/format.ts';
import {
  trackedVaultPositionsQueryOptions,
  useTrackVaultPosition,
  useUntrackVaultPosition,
} from '../api/tracking.ts';

/**
 * Tracking one lair or syrup stake of a wallet: 'track' (scheduled snapshots, the dashboard's totals, alerts when
 * a syrup ends), or 'tracked' with 'untrack'. The tracked list is one request for every row.
 */
export function TrackCell({
  walletAddress,
  contract,
  label,
}: {
  walletAddress: string;
  contract: string;
  label: string;
}) {
  const tracked = useQuery({
    ...trackedVaultPositionsQueryOptions(),
    select: ({ positions }) =>
      positions.find(
        (p) => isSameAddress(p.wallet_address, walletAddress) && isSameAddress(p.contract_address, contract),
      ) ?? null,
  });
  const track = useTrackVaultPosition();
  const untrack = useUntrackVaultPosition();
  if (tracked.isPending) return null;
  if (tracked.isError) return <InlineError error={tracked.error} onRetry={() => void tracked.refetch()} />;
  const error = track.error ?? untrack.error;
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      {tracked.data ? (
        <>
          <span className="text-xs text-slate-600 dark:text-slate-400">tracked</span>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`untrack ${label}`}
            isLoading={untrack.isPending}
            disabled={untrack.isPending}
            onClick={() => untrack.mutate(tracked.data!.id)}
          >
            untrack
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`track ${label}`}
          isLoading={track.isPending}
          disabled={track.isPending}
          onClick={() => track.mutate({ walletAddress, contractAddress: contract })}
        >
          track
        </Button>
      )}
      {error ? <InlineError error={error} /> : null}
      {tracked.data?.returns ? <ReturnsText returns={tracked.data.returns} label={label} /> : null}
    </span>
  );
}

/**
 * A tracked position's returns against holding, in a line: its one profit, what holding the tokens put in would
 * be worth instead, the rewards apart and a vault's estimated fee income apart from the price move. A figure
 * unknown reads 'unknown' (the profit says why), never $0.
 */
function ReturnsText({ returns, label }: { returns: VaultReturns; label: string }) {
  const profit = returns.profit;
  const parts = [
    `profit ${formatUsd(profit?.total_profit_usd ?? null)}`,
    `vs holding ${formatUsd(returns.vs_hold_usd)}`,
    `rewards ${formatUsd(returns.rewards_usd)}`,
    ...(returns.fee_income_usd === null ? [] : [`fees ≈ ${formatUsd(returns.fee_income_usd)} since tracked`]),
  ];
  return (
    <span
      role="note"
      aria-label={`returns of ${label}`}
      className="block w-full text-right text-xs text-slate-600 dark:text-slate-400"
    >
      {parts.join(' · ')}
      {profit?.unknown_because ? (
        <span className="block">profit unknown: {profit.unknown_because}</span>
      ) : null}
    </span>
  );
}
