import { useQuery } from '@tanstack/react-query';
import { chainsTool } from '@tidewatch/shared/chains-tool';
import { Badge, InlineError, Spinner } from '../../../components/index.ts';
import { chainsQueryOptions } from '../api/get-chains.ts';

const statusText = { on: 'on', off: 'off', refused: 'refused', checking: 'being checked' } as const;

/**
 * Which chains this instance reads (GET /api/chains): each with its state and, when it is not on, why (the
 * variable that turns it on, or what its start-up check found).
 */
export function ChainStatusList() {
  const chains = useQuery(chainsQueryOptions());
  if (chains.isPending) return <Spinner label="reading which chains this instance reads" />;
  if (chains.isError) return <InlineError error={chains.error} onRetry={() => void chains.refetch()} />;
  return (
    <section aria-label={chainsTool.statusHeading} className="space-y-2">
      <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {chainsTool.statusHeading}
      </h2>
      <ul className="space-y-1">
        {chains.data.chains.map((chain) => (
          <li key={chain.chain_id} aria-label={`chain ${chain.name}`} className="text-sm">
            <span className="font-medium text-slate-800 dark:text-slate-200">{chain.name}</span>{' '}
            <Badge
              className={
                chain.status === 'on'
                  ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
                  : ''
              }
            >
              {statusText[chain.status]}
            </Badge>{' '}
            <span className="text-slate-600 dark:text-slate-400">
              {chain.products.join(', ')} · chain id {chain.chain_id}
            </span>
            {chain.reason ? <p className="text-slate-600 dark:text-slate-400">{chain.reason}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
