import type { V3Position } from '@tidewatch/shared/v3-positions';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Badge, Button, InlineError } from '../../../components/index.ts';
import { useTrackPosition } from '../api/manage-tracking.ts';
import { RangeBadge } from './figures.tsx';
import { PositionActions } from './position-actions.tsx';
import { PositionArticle } from './position-article.tsx';
import { PositionFigures } from './position-figures.tsx';
import { RangeBar } from './range-bar.tsx';

/** 'track' with the wallet the list read the position for; 'tracked' once it is. */
function TrackAction({ position, walletAddress, isTracked }: PositionCardProps) {
  const track = useTrackPosition();
  if (position.is_tracked || isTracked || track.isSuccess) return <Badge>tracked</Badge>;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        isLoading={track.isPending}
        onClick={() => track.mutate({ tokenId: position.token_id, walletAddress })}
      >
        track
      </Button>
      {track.isError ? (
        <InlineError
          title="tracking failed"
          error={track.error}
          onRetry={() => track.mutate({ tokenId: position.token_id, walletAddress })}
        />
      ) : null}
    </>
  );
}

export type PositionCardProps = {
  position: V3Position;
  /** The saved or watch-only wallet the list read it for: 'track' tracks with it. */
  walletAddress: string;
  /** The user's tracked list has it with this wallet (the answer's `is_tracked` may be older). */
  isTracked?: boolean;
};

/** One position of a wallet's 'All' list: its range bar, its figures, a link to its detail and 'track'. */
export function PositionCard({ position, walletAddress, isTracked = false }: PositionCardProps) {
  return (
    <PositionArticle
      tokenId={position.token_id}
      pool={position.pool}
      badges={
        <>
          <RangeBadge isInRange={position.in_range} />
          {position.is_farmed ? <Badge>farmed</Badge> : null}
        </>
      }
    >
      <div className="mb-3">
        <RangeBar {...position} price={position.pool.price} isInRange={position.in_range} />
      </div>
      <PositionFigures position={position} />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Link
          to={paths.v3PositionDetails.getHref(position.token_id)}
          className="text-sm font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          details
        </Link>
        <TrackAction position={position} walletAddress={walletAddress} isTracked={isTracked} />
      </div>
      <PositionActions position={position} walletAddress={walletAddress} />
    </PositionArticle>
  );
}
