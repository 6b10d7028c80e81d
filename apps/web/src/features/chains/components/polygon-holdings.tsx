import type { ChainHoldings } from '@tidewatch/shared/chains';
import { chainsTool } from '@tidewatch/shared/chains-tool';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { formatUsd, shortenAddress } from '../../../lib/format.ts';
import { amountText, HoldingsTable, pairText, quiet } from './holdings-table.tsx';

const linkClass = 'font-medium text-sky-700 hover:underline dark:text-sky-300';

/**
 * A wallet's QuickSwap holdings on Polygon as 'one address, every chain' finds them in one request: its V3 positions
 * (held, and deposited in farming), its stakes in every V2 farm of the index (ended ones included) and in the syrup
 * pools, valued by the app's one price rule, with their total. They are tracked and acted on in their own tools
 * (linked), which read them the same way.
 */
export function PolygonHoldingsTables({ holdings }: { holdings: ChainHoldings }) {
  const chain = holdings.chain_name;
  const ends = (stake: { has_ended: boolean; ends_at: string }) =>
    stake.has_ended ? 'ended' : new Date(stake.ends_at).toLocaleDateString('en-US');
  return (
    <>
      <p className={quiet}>
        {formatUsd(holdings.total_usd)} on {chain} at block{' '}
        {Number(holdings.block_number).toLocaleString('en-US')} · act on them in{' '}
        <Link to={paths.v3Tool.getHref()} className={linkClass}>
          V3 positions
        </Link>
        ,{' '}
        <Link to={paths.recovery.getHref(holdings.wallet_address)} className={linkClass}>
          get it out
        </Link>{' '}
        and{' '}
        <Link to={paths.vaultsTool.getHref()} className={linkClass}>
          vaults and syrups
        </Link>
      </p>
      <HoldingsTable
        heading={`${chain} · ${chainsTool.v3Heading}`}
        emptyText={`no V3 positions on ${chain}`}
        columns={['position', 'amounts', 'uncollected fees', 'range', 'value']}
        rows={holdings.v3_positions.map((p) => ({
          key: p.token_id,
          label: `#${p.token_id} ${pairText(p.amounts)}${p.is_farmed ? ' · farmed' : ''}`,
          cells: [
            p.amounts.map(amountText).join(' + '),
            p.fees.map(amountText).join(' + '),
            p.in_range ? 'in range' : 'out of range',
            formatUsd(p.value_usd),
          ],
        }))}
      />
      <HoldingsTable
        heading={`${chain} · ${chainsTool.farmsHeading}`}
        emptyText={`no V2 farm stakes on ${chain}`}
        columns={['farm', 'staked', 'earned', 'ends', 'value']}
        rows={holdings.farms.map((f) => ({
          key: f.farm,
          label: `${pairText(f.amounts)} ${f.kind === 'dual' ? 'dual farm' : 'farm'} · ${shortenAddress(f.farm)}`,
          cells: [
            f.amounts.map(amountText).join(' + '),
            f.earned.map(amountText).join(' + '),
            ends(f),
            formatUsd(f.value_usd),
          ],
        }))}
      />
      <HoldingsTable
        heading={`${chain} · ${chainsTool.syrupsHeading}`}
        emptyText={`no syrup stakes on ${chain}`}
        columns={['pool', 'staked', 'earned', 'ends', 'value']}
        rows={holdings.syrups.map((s) => ({
          key: s.pool,
          label: `${s.earned.token.symbol} syrup · ${shortenAddress(s.pool)}`,
          cells: [amountText(s.staked), amountText(s.earned), ends(s), formatUsd(s.value_usd)],
        }))}
      />
    </>
  );
}
