import { useQueries } from '@tanstack/react-query';
import { chainsTool } from '@tidewatch/shared/chains-tool';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { formatUsd } from '../../../lib/format.ts';
import { chainHoldingsQueryOptions } from '../api/get-chains.ts';
import { useChainsBesidePolygon } from '../use-chains-beside-polygon.ts';

const linkClass = 'font-medium text-sky-700 hover:underline dark:text-sky-300';

/**
 * The dashboard's line per chain beside Polygon that is on (issue 47): what the saved wallets hold there now, added
 * up from the same holdings answers 'Every chain' shows (one request per wallet and chain, cached between the two
 * screens), unknown when a wallet's figure is. Read now, not tracked: Polygon's portfolio above counts tracked
 * positions with their history, so the two are shown side by side, not summed into one figure of two moments.
 */
export function ChainsSummary() {
  const { wallets, others } = useChainsBesidePolygon();
  const pairs = others.flatMap((chain) => (wallets.data ?? []).map((wallet) => ({ chain, wallet })));
  const holdings = useQueries({
    queries: pairs.map(({ chain, wallet }) => chainHoldingsQueryOptions(chain.chain_id, wallet.address)),
  });
  if (others.length === 0 || !wallets.data || wallets.data.length === 0) return null;
  return (
    <section aria-label="by chain" className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
      {others.map((chain) => {
        const answers = holdings.filter((_, i) => pairs[i]!.chain.chain_id === chain.chain_id);
        const isLoading = answers.some((a) => a.isPending);
        const total = answers.reduce<number | null>(
          (sum, a) => (sum === null || !a.data || a.data.total_usd === null ? null : sum + a.data.total_usd),
          0,
        );
        return (
          <p key={chain.chain_id}>
            on {chain.name}: {isLoading ? 'reading…' : `${formatUsd(total)} held now`} across your saved
            wallets (read from {chain.name}, not tracked) ·{' '}
            <Link to={paths.chainsTool.getHref()} className={linkClass}>
              {chainsTool.toolHeading}
            </Link>
          </p>
        );
      })}
    </section>
  );
}
