import { loadV3Books } from '../../books/v3-books.ts';
import type { V3PositionSnapshotRow } from '../../db/tables/v3-positions.ts';
import { sumKnown } from '../../history/returns.ts';
import type { PortfolioProvider } from '../../portfolio/model.ts';
import { findTrackedV3Positions, loadV3Snapshots } from '../../v3/snapshot-repository.ts';

const dayMs = 86_400_000;

/** A snapshot's worth as the books count value now: the liquidity plus its uncollected fees. */
const worth = (row: V3PositionSnapshotRow | undefined) =>
  row ? sumKnown([row.value_usd, row.fees_usd]) : null;

/**
 * V3 NFTs: each (position, wallet) the user tracks, its value and profit from the position's books (the newest
 * snapshot whose events are final), the same figures as the position page's books.
 */
export const listV3Nfts: PortfolioProvider['list'] = async (deps, userId) => {
  const tracked = await findTrackedV3Positions(deps.db, userId, { chainId: deps.chainId });
  const dayAgo = deps.now().getTime() - dayMs;
  const books = { db: deps.db, chainId: deps.chainId, counterparties: deps.v3Counterparties };
  return Promise.all(
    tracked.map(async (position) => {
      const snapshots = await loadV3Snapshots(deps.db, position.positionId);
      const profit = (await loadV3Books(books, position, snapshots))?.profit ?? null;
      return {
        key: `v3:${position.positionId}:${position.wallet.toLowerCase()}`,
        wallet: position.wallet,
        label: `${position.token0.symbol}-${position.token1.symbol} V3 #${position.tokenId}`,
        valueNowUsd: profit ? profit.value_now_usd : worth(snapshots.at(-1)),
        value24hAgoUsd: worth(snapshots.findLast((row) => Date.parse(row.created_on) <= dayAgo)),
        profit,
      };
    }),
  );
};
