import { useParams } from 'react-router';
import { PositionChart } from '../../features/farms/components/position-chart.tsx';
import { TrackChooser } from '../../features/farms/components/track-chooser.tsx';
import type { DetailParts } from '../../features/v3-positions/components/detail-parts.ts';
import { PositionDetailScreen } from '../../features/v3-positions/components/position-detail.tsx';

// Apart from the tool screen (v3-positions.tsx), as a farm's page is from its tool: a position's page does
// not load the tool's lists (decision 016).

/** The farms feature's wallet chooser and value chart, lent to the V3 detail (features do not import each other). */
const detailParts: DetailParts = { WalletChooser: TrackChooser, ValueChart: PositionChart };

/** A V3 position's detail by id; also the LP tools' view of a position (lp-tools.tsx). */
export function V3PositionDetail({ tokenId }: { tokenId: string }) {
  return <PositionDetailScreen key={tokenId} tokenId={tokenId} parts={detailParts} />;
}

/** /quickswap/v3-positions/details/{tokenId}. */
export function V3PositionDetailsRoute() {
  const { tokenId = '' } = useParams();
  return <V3PositionDetail tokenId={tokenId} />;
}
