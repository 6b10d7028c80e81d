import { useQuery } from '@tanstack/react-query';
import { isSameAddress } from '@tidewatch/shared/same-address';
import { Button, InlineError } from '../../../components/index.ts';
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
    </span>
  );
}
