import type { PriceChoice } from '@tidewatch/shared';
import { formatUsd } from '../lib/format.ts';

/**
 * What tells two CoinMarketCap listings of one symbol apart (issue 30): name and symbol, the current price,
 * the contract on Polygon, and a mark on the token's own listing. The wizard's price step and a farm's
 * prices panel put it inside a radio's label.
 */
export function PriceCandidateText({ choice }: { choice: PriceChoice }) {
  return (
    <>
      <span>
        {choice.name} ({choice.symbol}) · CoinMarketCap price {formatUsd(choice.price_usd ?? null)}
      </span>
      <span className="break-all font-mono text-xs text-slate-600 dark:text-slate-400">
        Polygon contract {choice.polygon_address ?? 'none listed'}
      </span>
      {choice.is_token_contract ? (
        <span className="rounded bg-emerald-100 px-1 text-xs text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
          ✓ this token's contract
        </span>
      ) : null}
    </>
  );
}
