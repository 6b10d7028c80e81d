import { useQuery } from '@tanstack/react-query';
import { InlineError } from '../../../components/index.ts';
import { farmPriceChoicesQueryOptions } from '../api/get-price-choices.ts';
import { TokenPriceChoice } from './token-price-choice.tsx';

/**
 * A farm's 'prices' panel (issue 30, finding 2; decision 021): each token with the source its figures use
 * now, and a way to change it for a signed-in user. A wrong CoinMarketCap listing picked at import is
 * corrected here, and going back to on-chain revalues the stored history.
 */
export function PriceChoicePanel({ farmAddress }: { farmAddress: string }) {
  const query = useQuery(farmPriceChoicesQueryOptions(farmAddress));
  return (
    <section
      aria-label="prices"
      className="space-y-2 rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">prices</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {query.data && !query.data.can_change
          ? "where each token's price comes from; the operator of this Tidewatch chooses it for everyone, ask for another source if a figure looks wrong"
          : "where each token's price comes from; pick another source if a figure looks wrong"}
      </p>
      {query.isError ? (
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <div className="grid gap-2 md:grid-cols-2">
          {query.data.tokens.map((token) => (
            <TokenPriceChoice
              key={token.address}
              farmAddress={farmAddress}
              token={token}
              canChange={query.data.can_change}
            />
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">loading prices...</p>
      )}
    </section>
  );
}
