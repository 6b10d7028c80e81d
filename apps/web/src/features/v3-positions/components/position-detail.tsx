import { useQuery } from '@tanstack/react-query';
import type { V3Position } from '@tidewatch/shared/v3-positions';
import {
  Badge,
  Card,
  ErrorBanner,
  InlineError,
  Page,
  PanelBoundary,
  Spinner,
} from '../../../components/index.ts';
import { formatPair, shortenAddress } from '../../../lib/format.ts';
import { isPositionId, positionQueryOptions } from '../api/get-position.ts';
import type { DetailParts } from './detail-parts.ts';
import { RangeBadge } from './figures.tsx';
import { PositionActions } from './position-actions.tsx';
import { PositionFigures } from './position-figures.tsx';
import { PositionTracking } from './position-tracking.tsx';
import { RangeBar } from './range-bar.tsx';
import { useAsOfBlock } from './use-as-of-block.ts';

const untitled = 'V3 position';
const polygonscanAddressUrl = (address: string) => `https://polygonscan.com/address/${address}`;

export type PositionDetailScreenProps = { tokenId: string; parts: DetailParts };

/**
 * A position's page (public): its figures at the latest block and, for a signed-in user, tracking with
 * its history, returns and CSV; once tracked, its figures as of its newest snapshot's block, the returns and books
 * as of their own (said beside them). An id that cannot name a position is said at once, with no request.
 */
export function PositionDetailScreen({ tokenId, parts }: PositionDetailScreenProps) {
  if (!isPositionId(tokenId)) {
    return (
      <Page title={untitled}>
        <ErrorBanner messages={`'${tokenId}' is not a position id: a position's id is a whole number`} />
      </Page>
    );
  }
  return <PositionDetailLoader tokenId={tokenId} parts={parts} />;
}

function PositionDetailLoader({ tokenId, parts }: PositionDetailScreenProps) {
  const query = useQuery(positionQueryOptions(tokenId));
  if (query.isError) {
    return (
      <Page title={untitled}>
        <InlineError error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  if (!query.data) {
    return (
      <Page title={untitled}>
        <Spinner label="loading position" />
      </Page>
    );
  }
  return <PositionDetailView position={query.data} parts={parts} />;
}

function PositionDetailView({ position: latest, parts }: { position: V3Position; parts: DetailParts }) {
  // A tracked position's card is read at its newest snapshot's block, the moment its snapshots, the dashboard
  // and its alerts speak of (issue 42), and says which; the returns and books say theirs.
  const asOfBlock = useAsOfBlock(latest);
  const isPinned = asOfBlock !== undefined && asOfBlock !== latest.block_number;
  const pinned = useQuery({ ...positionQueryOptions(latest.token_id, asOfBlock), enabled: isPinned });
  const position = isPinned ? pinned.data : latest;
  return (
    <Page title={formatPair(latest.pool)} description={`V3 position #${latest.token_id}`}>
      <div className="space-y-4">
        {position ? (
          <>
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
              <RangeBadge isInRange={position.in_range} />
              {position.is_farmed ? <Badge>farmed</Badge> : null}
              <span>
                held by <span className="font-mono">{shortenAddress(position.owner)}</span> · as of block{' '}
                {position.block_number}
              </span>
              <a
                href={polygonscanAddressUrl(position.pool.address)}
                target="_blank"
                rel="noreferrer"
                className="text-sky-700 hover:underline dark:text-sky-300"
              >
                pool on polygonscan
              </a>
            </div>
            <Card title="position">
              <div className="mb-4">
                <RangeBar {...position} price={position.pool.price} isInRange={position.in_range} />
              </div>
              <PositionFigures position={position} />
              <PositionActions position={latest} walletAddress={latest.owner} />
            </Card>
          </>
        ) : pinned.isError ? (
          <InlineError error={pinned.error} onRetry={() => void pinned.refetch()} />
        ) : (
          <Spinner label={`loading the position as of block ${asOfBlock}`} />
        )}
        <PanelBoundary name="tracking">
          <PositionTracking position={latest} parts={parts} />
        </PanelBoundary>
      </div>
    </Page>
  );
}
