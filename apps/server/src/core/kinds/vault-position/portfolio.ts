import type { PortfolioProvider } from '../../portfolio/model.ts';
import { parseVaultFigures, vaultPositionLabel } from './figures.ts';
import { findTrackedVaultValues } from './repository.ts';

const dayMs = 86_400_000;

/**
 * The user's tracked lair and syrup positions: value now from the newest snapshot (the stake and its unclaimed
 * rewards, a lair's QUICK), 24 hours ago from the newest snapshot at or before then. Their profit is not known
 * yet: their history (deposits, withdrawals, claims) is not read, so the total profit counts them as unknown.
 */
export const listVaultPositions: PortfolioProvider['list'] = async (deps, userId) => {
  const dayAgo = new Date(deps.now().getTime() - dayMs).toISOString();
  const tracked = await findTrackedVaultValues(deps.db, userId, deps.chainId, dayAgo);
  return tracked.map((position) => ({
    key: `vault:${position.position_id}`,
    wallet: position.wallet_address,
    label: vaultPositionLabel(position, position.newest ? parseVaultFigures(position.newest.figures) : null),
    valueNowUsd: position.newest?.value_usd ?? null,
    value24hAgoUsd: position.dayBefore?.value_usd ?? null,
    profit: null,
  }));
};
