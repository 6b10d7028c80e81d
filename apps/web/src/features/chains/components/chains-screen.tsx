import { chainsTool } from '@tidewatch/shared/chains-tool';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { InlineError, PanelBoundary, Spinner } from '../../../components/index.ts';
import { useChainsBesidePolygon } from '../use-chains-beside-polygon.ts';
import { ChainHoldings } from './chain-holdings.tsx';
import { ChainStatusList } from './chain-status-list.tsx';
import { EveryChainTotal } from './every-chain-total.tsx';

const quiet = 'text-sm text-slate-600 dark:text-slate-400';
const linkClass = 'font-medium text-sky-700 hover:underline dark:text-sky-300';

/**
 * The chains tool (issue 47): which chains are read, then for each chain that is on (Polygon first), what every
 * saved or watch-only wallet holds there. One address is the same account on every chain: the wallets saved on
 * Polygon are read on Base as they are. Each (chain, wallet) is its own request: one that fails leaves the others.
 */
export function ChainsScreen() {
  const { token, chains, wallets, others } = useChainsBesidePolygon();
  // Polygon first (the instance's own chain, when its RPC is on), then every chain beside it that is on.
  const polygon = (chains.data?.chains ?? []).filter(
    (c) => c.chain_id === chainsTool.polygonChainId && c.status === 'on',
  );
  return (
    <div className="space-y-6">
      <ChainStatusList />
      {!token ? (
        <p className={quiet}>
          <Link to={paths.login.getHref({ next: paths.chainsTool.getHref() })} className={linkClass}>
            log in
          </Link>{' '}
          to see what your saved wallets hold on every chain
        </p>
      ) : wallets.isPending ? (
        <Spinner label="loading wallets" />
      ) : wallets.isError ? (
        <InlineError error={wallets.error} onRetry={() => void wallets.refetch()} />
      ) : wallets.data.length === 0 ? (
        <p className={quiet}>
          no saved wallets yet —{' '}
          <Link to={paths.dashboard.getHref()} className={linkClass}>
            connect one or add a watch-only address
          </Link>
        </p>
      ) : (
        <>
          <EveryChainTotal chains={[...polygon, ...others]} wallets={wallets.data} />
          {[...polygon, ...others].map((chain) => (
            <section key={chain.chain_id} aria-label={`holdings on ${chain.name}`} className="space-y-4">
              <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">
                QuickSwap on {chain.name}
              </h2>
              {wallets.data.map((wallet) => (
                <PanelBoundary key={wallet.id} name={`holdings on ${chain.name}`}>
                  <ChainHoldings chain={{ id: chain.chain_id, name: chain.name }} wallet={wallet} />
                </PanelBoundary>
              ))}
            </section>
          ))}
        </>
      )}
      {token && chains.data && others.length === 0 ? (
        <p className={quiet}>no chain beside Polygon is on for this instance: the list above says why</p>
      ) : null}
    </div>
  );
}
