import type { V3PositionEvent } from '@tidewatch/shared/v3-positions';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatAmountsWithUsd } from '../format.ts';

/** Each event as a person reads it. */
const eventLabels = {
  increase_liquidity: 'liquidity added',
  decrease_liquidity: 'liquidity removed',
  collect: 'fees collected',
  transfer: 'transferred',
  farm_entered: 'entered farming',
  farm_ended: 'left farming',
  reward_claimed: 'reward claimed',
  rewards_collected: 'rewards collected',
} as const satisfies Record<V3PositionEvent['kind'], string>;

const transactionUrl = (hash: string) => `https://polygonscan.com/tx/${hash}`;

/**
 * The position's events rebuilt from the chain, newest first, each valued at its block. The transaction link is
 * underlined: inside grey text its colour alone is too close to tell it apart (axe's link-in-text-block).
 */
export function PositionEvents({ events }: { events: readonly V3PositionEvent[] }) {
  const newestFirst = [...events].sort((a, b) => b.block_number - a.block_number);
  return (
    <section aria-label="events" className="space-y-2">
      <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">events</h2>
      {newestFirst.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">no events read yet</p>
      ) : (
        <ol className="space-y-2">
          {newestFirst.map((event) => (
            <li
              key={`${event.tx_hash}-${event.kind}`}
              className="rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
            >
              <p className="font-medium text-slate-900 dark:text-slate-100">{eventLabels[event.kind]}</p>
              {event.amounts.length > 0 ? (
                <p className="tabular-nums text-slate-800 dark:text-slate-200">
                  {formatAmountsWithUsd(event.amounts, event.usd)}
                </p>
              ) : null}
              <p className="text-xs text-slate-500 dark:text-slate-400">
                <RelativeTime time={event.block_time} /> · block {event.block_number} ·{' '}
                <a
                  href={transactionUrl(event.tx_hash)}
                  target="_blank"
                  rel="noreferrer"
                  className="text-sky-700 underline dark:text-sky-300"
                >
                  transaction
                </a>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
