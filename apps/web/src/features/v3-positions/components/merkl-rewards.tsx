import type { MerklRewards } from '@tidewatch/shared/v3-positions';
import { formatRelativeTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { formatAmountsWithUsd } from '../format.ts';

/**
 * A wallet's Merkl rewards (claimable: Merkl's cumulative amount less what the distributor paid out). Merkl
 * never answered: 'Merkl rewards unknown', never $0. Merkl down or answering garbage: the last known value
 * with its age.
 */
export function MerklRewardsLine({ merkl }: { merkl: MerklRewards }) {
  const now = useNow();
  let text: string;
  if (merkl.status === 'unknown') text = 'Merkl rewards unknown';
  else if (merkl.rewards.length === 0) text = 'no Merkl rewards';
  else text = `Merkl rewards: ${formatAmountsWithUsd(merkl.rewards, merkl.usd)}`;
  if (merkl.status === 'stale') {
    const age = merkl.as_of ? formatRelativeTime(merkl.as_of, now) : 'at an unknown time';
    text = `${text}, last known ${age}`;
  }
  return (
    <p
      className={`text-sm ${merkl.status === 'ok' ? 'text-slate-700 dark:text-slate-300' : 'text-amber-800 dark:text-amber-300'}`}
      title={merkl.status === 'stale' ? 'Merkl is not answering: this is the last value it gave' : undefined}
    >
      {text}
    </p>
  );
}
