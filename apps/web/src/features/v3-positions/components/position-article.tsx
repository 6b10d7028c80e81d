import type { ReactNode } from 'react';
import { formatPair } from '../../../lib/format.ts';

type Pair = { token0: { symbol: string }; token1: { symbol: string } };

/**
 * A position as every V3 screen names it: its id and its pool's pair.
 * @example positionName('4021', pool) // '#4021 WMATIC / USDC'
 */
export const positionName = (tokenId: string, pool: Pair): string => `#${tokenId} ${formatPair(pool)}`;

/** The card frame of one position (live figures or a tracked snapshot): pair, id, badges, body. */
export function PositionArticle({
  tokenId,
  pool,
  badges,
  children,
}: {
  tokenId: string;
  pool: Pair;
  badges: ReactNode;
  children: ReactNode;
}) {
  return (
    <article
      aria-label={`position ${positionName(tokenId, pool)}`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">{formatPair(pool)}</h3>
          <p className="font-mono text-xs text-slate-500 dark:text-slate-400">#{tokenId}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">{badges}</div>
      </header>
      {children}
    </article>
  );
}
