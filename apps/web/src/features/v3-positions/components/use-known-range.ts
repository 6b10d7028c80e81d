import { useQuery } from '@tanstack/react-query';
import type { V3Position, V3TrackedPosition } from '@tidewatch/shared/v3-positions';
import { positionQueryOptions } from '../api/get-position.ts';
import { walletPositionsQueryOptions } from '../api/get-wallet-positions.ts';

export type KnownRange = Pick<V3Position, 'tick_lower' | 'tick_upper' | 'price_lower' | 'price_upper'>;

/**
 * A tracked position's range, when this page already read the position: from its wallet's 'All' list or its
 * own page. The tracked list's answer has no range, and a range never changes, so any read of the position
 * gives it; none is made here (the 'Tracked' tab reads no chain, one read per card would). Undefined otherwise.
 */
export function useKnownRange(tracked: V3TrackedPosition): KnownRange | undefined {
  const fromWallet = useQuery({
    ...walletPositionsQueryOptions(tracked.wallet_address),
    enabled: false,
    select: (answer) => answer.positions.find((position) => position.token_id === tracked.token_id),
  });
  const fromPage = useQuery({ ...positionQueryOptions(tracked.token_id), enabled: false });
  return fromWallet.data ?? fromPage.data;
}
