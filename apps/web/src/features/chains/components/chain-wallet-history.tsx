import { useQuery } from '@tanstack/react-query';
import type { ChainWalletHistory as ChainWalletHistoryAnswer } from '@tidewatch/shared/chains';
import { InlineError, Spinner } from '../../../components/index.ts';
import { formatUsd } from '../../../lib/format.ts';
import { chainWalletHistoryQueryOptions } from '../api/tracking.ts';
import { ChainPositionBooks } from './chain-position-books.tsx';

/** How many of the newest snapshots the list shows. */
const shown = 10;

/**
 * A tracked wallet's values over time on its chain: its newest snapshots (time, block, what it held, its total as
 * the dashboard counted it then), unknown where a price was; then the books of each V4 position it holds. Read when
 * opened.
 */
export function ChainWalletHistory({ id, label }: { id: number; label: string }) {
  const query = useQuery(chainWalletHistoryQueryOptions(id));
  if (query.isPending) return <Spinner label="loading history" />;
  if (query.isError) return <InlineError error={query.error} onRetry={() => void query.refetch()} />;
  const { points, chain_name, positions, native_symbol } = query.data;
  return (
    <div>
      <ValuesTable points={points} chainName={chain_name} label={label} />
      {positions.map((position) => (
        <ChainPositionBooks key={position.token_id} position={position} nativeSymbol={native_symbol} />
      ))}
    </div>
  );
}

function ValuesTable({
  points,
  chainName: chain_name,
  label,
}: {
  points: ChainWalletHistoryAnswer['points'];
  chainName: string;
  label: string;
}) {
  return (
    <table className="w-full text-xs text-slate-700 dark:text-slate-300" aria-label={`history of ${label}`}>
      <caption className="text-left text-slate-500 dark:text-slate-400">
        value on {chain_name}, newest first
        {points.length > shown ? ` (the newest ${shown} of ${points.length})` : ''}
      </caption>
      <thead>
        <tr>
          <th scope="col" className="text-left font-medium">
            time
          </th>
          <th scope="col" className="text-right font-medium">
            block
          </th>
          <th scope="col" className="text-right font-medium">
            positions
          </th>
          <th scope="col" className="text-right font-medium">
            value
          </th>
        </tr>
      </thead>
      <tbody>
        {points.slice(0, shown).map((point) => (
          <tr key={point.block_number}>
            <td>{point.created_on.replace('T', ' ').slice(0, 16)} UTC</td>
            <td className="text-right tabular-nums">{Number(point.block_number).toLocaleString('en-US')}</td>
            <td className="text-right tabular-nums">{point.positions}</td>
            <td className="text-right tabular-nums">{formatUsd(point.total_usd)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
