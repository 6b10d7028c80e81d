import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MerklRewards, Wallet } from '@tidewatch/shared';
import { chainRegistry } from '@tidewatch/shared/chain-registry';
import type { ChainHoldings as Holdings } from '@tidewatch/shared/chains';
import { chainsTool } from '@tidewatch/shared/chains-tool';
import { useState } from 'react';
import { type Address, getAddress } from 'viem';
import { Button, InlineError, Spinner } from '../../../components/index.ts';
import { formatUsd, shortenAddress } from '../../../lib/format.ts';
import {
  SlippageSetting,
  type TransactionRequest,
  TransactionRunner,
  useSlippage,
} from '../../transactions/index.ts';
import { chainHoldingsQueryOptions } from '../api/get-chains.ts';
import { chainsKeys } from '../api/keys.ts';
import type { BaseSyrups } from '../syrup-exit-request.ts';
import type { ChainV2 } from '../v2-remove-request.ts';
import type { ChainPositionManager } from '../v4-collect-request.ts';
import { amountText, pairText, quiet, HoldingsTable as Table } from './holdings-table.tsx';
import { PolygonHoldingsTables } from './polygon-holdings.tsx';
import { TrackChainWallet } from './track-chain-wallet.tsx';

const loadBaseActions = () => import('../base-actions.ts');
type BaseActions = Awaited<ReturnType<typeof loadBaseActions>>;

/**
 * One saved wallet's QuickSwap holdings on one chain, read from that chain at one block and valued by its price
 * rule, with their total; every heading names the chain. Beside Polygon: its V4 positions (Algebra Integral:
 * amounts, uncollected fees, in range or not; a custom pool names its deployer), its V2 LP and its syrup stakes,
 * tracked and acted on here. On Polygon: its V3 positions, farm stakes and syrup stakes (polygon-holdings.tsx).
 */
export function ChainHoldings({ chain, wallet }: { chain: { id: number; name: string }; wallet: Wallet }) {
  const query = useQuery(chainHoldingsQueryOptions(chain.id, wallet.address));
  const short = shortenAddress(wallet.address);
  // Polygon's positions are tracked and acted on in their own tools; the others' here.
  const isPolygon = chain.id === chainsTool.polygonChainId;
  return (
    <section aria-label={`${chain.name} · wallet ${short}`} className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {chain.name} · {wallet.name} · <span className="font-mono">{short}</span>
      </h3>
      {isPolygon ? null : (
        <TrackChainWallet chain={chain} walletAddress={wallet.address} label={`wallet ${short}`} />
      )}
      {query.isPending ? <Spinner label={`reading ${short} on ${chain.name}`} /> : null}
      {query.isError ? <InlineError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && isPolygon ? <PolygonHoldingsTables holdings={query.data} /> : null}
      {query.data && !isPolygon ? <HoldingsTables holdings={query.data} wallet={wallet} /> : null}
    </section>
  );
}

function HoldingsTables({ holdings, wallet }: { holdings: Holdings; wallet: Wallet }) {
  const chain = holdings.chain_name;
  const queryClient = useQueryClient();
  // The action asked for, built when its button was pressed: the runner stays (confirmed, its link) once the
  // refreshed holdings no longer list what it emptied.
  const [action, setAction] = useState<{ key: string; request: TransactionRequest } | null>(null);
  const contracts = actionContractsOn(holdings.chain_id);
  const canAct = contracts !== null && !wallet.is_watch_only;
  // How much less than computed a removal of liquidity accepts (V4 close, V2 removal), as on Polygon's screens.
  const slippage = useSlippage();
  const slippageBps = slippage.readyBps;
  const removes = holdings.v4_positions.length + holdings.v2_positions.length > 0;
  const actionButton = (
    label: string,
    text: string,
    build: (actions: BaseActions) => { key: string; request: TransactionRequest },
    options: { removesLiquidity?: boolean } = {},
  ) =>
    canAct ? (
      <Button
        key={text}
        size="sm"
        variant="secondary"
        aria-label={label}
        disabled={options.removesLiquidity === true && slippageBps === null}
        onClick={() => void loadBaseActions().then((actions) => setAction(build(actions)))}
      >
        {text}
      </Button>
    ) : (
      'watch-only'
    );
  return (
    <>
      <p className={quiet}>
        {formatUsd(holdings.total_usd)} on {chain} at block{' '}
        {Number(holdings.block_number).toLocaleString('en-US')}
      </p>
      {canAct && removes ? <SlippageSetting {...slippage.settingProps} /> : null}
      <Table
        heading={`${chain} · ${chainsTool.v4Heading}`}
        emptyText={`no V4 positions on ${chain}`}
        columns={['position', 'amounts', 'uncollected fees', 'range', 'value', 'act']}
        rows={holdings.v4_positions.map((p) => ({
          key: p.token_id,
          label: `#${p.token_id} ${pairText(p.amounts)}${p.custom_deployer ? ` · custom pool of ${shortenAddress(p.custom_deployer)}` : ''}`,
          cells: [
            p.amounts.map(amountText).join(' + '),
            p.fees.map(amountText).join(' + '),
            p.in_range ? 'in range' : 'out of range',
            formatUsd(p.value_usd),
            <span key="act" className="inline-flex gap-1">
              {actionButton(`collect fees of position #${p.token_id}`, 'collect fees', (actions) => ({
                key: `collect:${p.token_id}`,
                request: actions.v4CollectRequest(p, contracts!.v4),
              }))}
              {actionButton(
                `close position #${p.token_id}`,
                'close',
                (actions) => ({
                  key: `close:${p.token_id}`,
                  request: actions.v4CloseRequest(p, contracts!.v4, slippageBps!),
                }),
                { removesLiquidity: true },
              )}
            </span>,
          ],
        }))}
      />
      <Table
        heading={`${chain} · ${chainsTool.v2Heading}`}
        emptyText={`no V2 LP on ${chain}`}
        columns={['pair', 'amounts', 'value', 'act']}
        rows={holdings.v2_positions.map((p) => ({
          key: p.pair,
          label: `${pairText(p.amounts)} · ${shortenAddress(p.pair)}`,
          cells: [
            p.amounts.map(amountText).join(' + '),
            formatUsd(p.value_usd),
            actionButton(
              `remove liquidity of ${pairText(p.amounts)} ${shortenAddress(p.pair)}`,
              'remove liquidity',
              (actions) => ({
                key: `remove:${p.pair}`,
                request: actions.v2RemoveRequest(p, contracts!.v2, slippageBps!),
              }),
              { removesLiquidity: true },
            ),
          ],
        }))}
      />
      <Table
        heading={`${chain} · ${chainsTool.syrupsHeading}`}
        emptyText={`no syrup stakes on ${chain}`}
        columns={['pool', 'staked', 'earned', 'ends', 'value', 'take out']}
        rows={holdings.syrups.map((s) => ({
          key: s.pool,
          label: `${s.earned.token.symbol} syrup · ${shortenAddress(s.pool)}`,
          cells: [
            amountText(s.staked),
            amountText(s.earned),
            s.has_ended ? 'ended' : new Date(s.ends_at).toLocaleDateString('en-US'),
            formatUsd(s.value_usd),
            actionButton(
              `get it out of the ${s.earned.token.symbol} syrup ${shortenAddress(s.pool)}`,
              'get it out',
              (actions) => ({
                key: `exit:${s.pool}`,
                request: actions.syrupExitRequest(s, contracts!.syrups),
              }),
            ),
          ],
        }))}
      />
      {holdings.merkl ? <MerklLine merkl={holdings.merkl} chain={chain} /> : null}
      {action ? (
        <TransactionRunner
          key={action.key}
          wallet={getAddress(wallet.address)}
          request={action.request}
          onFinished={(outcome) => {
            if (outcome === 'rejected') return;
            void queryClient.invalidateQueries({
              queryKey: chainsKeys.holdings(holdings.chain_id, wallet.address),
            });
          }}
        />
      ) : null}
    </>
  );
}

/**
 * What the actions on that chain are checked against, from the registry: its V4 position manager, its V2 factory
 * and router, and the syrups QuickSwap lists there (null on a chain without all three).
 */
function actionContractsOn(
  chainId: number,
): { v4: ChainPositionManager & { wNative: Address }; v2: ChainV2; syrups: BaseSyrups } | null {
  const entry = chainRegistry.find((chain) => chain.id === chainId);
  const { v4, v2, syrups } = entry?.products ?? {};
  if (!entry || !v4 || !v2 || !syrups) return null;
  return {
    v4: { chainId: entry.id, positionManager: v4.positionManager, wNative: entry.wrappedNative },
    v2: { chainId: entry.id, factory: v2.factory, router: v2.router, pairInitCodeHash: v2.pairInitCodeHash },
    syrups: { chainId: entry.id, quick: syrups.quick, pools: syrups.pools },
  };
}

/**
 * The wallet's Merkl rewards on the chain, apart from its total (claimable at Merkl): what is pending, stale with its
 * age when Merkl's API is down, unknown (never $0) when it never answered or the distributor did not.
 */
function MerklLine({ merkl, chain }: { merkl: MerklRewards; chain: string }) {
  const text =
    merkl.status === 'unknown'
      ? `Merkl rewards on ${chain}: unknown (Merkl's API or the distributor did not answer)`
      : merkl.rewards.length === 0
        ? `Merkl rewards on ${chain}: none pending`
        : `Merkl rewards on ${chain}: ${merkl.rewards.map(amountText).join(' + ')} (${formatUsd(merkl.usd)}), ` +
          'claimable at Merkl, not in the total above';
  const age =
    merkl.status === 'stale' && merkl.as_of
      ? ` (as of ${merkl.as_of.slice(0, 16).replace('T', ' ')} UTC)`
      : '';
  return <p className="text-sm text-slate-700 dark:text-slate-300">{`${text}${age}`}</p>;
}
