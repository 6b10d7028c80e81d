import type { PortfolioProvider } from '../../portfolio/model.ts';
import { parseVaultFigures, vaultPositionLabel } from './figures.ts';
import { vaultPositionProfit } from './profit.ts';
import { findTrackedVaultValues } from './repository.ts';

const dayMs = 86_400_000;

/**
 * The user's tracked vault share, lair and syrup positions: value now from the newest snapshot (the shares' part
 * or the stake and their unclaimed rewards, a lair's QUICK), 24 hours ago from the newest snapshot at or before
 * then, and their one profit at the newest snapshot from their history (profit.ts).
 */
export const listVaultPositions: PortfolioProvider['list'] = async (deps, userId) => {
  const dayAgo = new Date(deps.now().getTime() - dayMs).toISOString();
  const tracked = await findTrackedVaultValues(deps.db, userId, deps.chainId, dayAgo);
  return Promise.all(
    tracked.map(async (position) => ({
      key: `vault:${position.position_id}`,
      wallet: position.wallet_address,
      label: vaultPositionLabel(
        position,
        position.newest ? parseVaultFigures(position.newest.figures) : null,
      ),
      valueNowUsd: position.newest?.value_usd ?? null,
      value24hAgoUsd: position.dayBefore?.value_usd ?? null,
      profit: await vaultPositionProfit(deps.db, deps.chainId, position, position.newest),
    })),
  );
};
