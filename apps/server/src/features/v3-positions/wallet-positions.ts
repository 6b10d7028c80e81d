import type { V3WalletPositions } from '@tidewatch/shared';
import { isWatchOnlyWallet } from '../../core/farms/repository.ts';
import { loadMerklAnswer, type MerklDeps, valueMerklRewards } from '../../core/merkl/merkl-rewards.ts';
import { requireChain, requireSavedWallet, type V3PositionsContext } from './context.ts';
import { findWalletPositionIds } from './reads/find-positions.ts';
import { v3PlanPrices } from './reads/position-reader.ts';
import { readV3Positions } from './reads/read-positions.ts';
import { findTrackedTokenIds } from './tracked-ids.ts';

/**
 * GET /api/quickswap/v3/positions?wallet_address=: every V3 position of one of the user's saved or watch-only
 * wallets (held, and deposited in farming), valued at one block, with its Merkl rewards at that block. The
 * wallet's positions and pools take one request (findWalletPositionIds), their values one aggregate3 and the
 * owner's static calls; Merkl's API is asked meanwhile (its last good answer when it fails: never an error).
 */
export async function getWalletPositions(
  ctx: V3PositionsContext,
  userId: number,
  walletInput: string,
): Promise<V3WalletPositions> {
  const { chain, prices, incentives } = requireChain(ctx);
  const wallet = await requireSavedWallet(ctx, userId, walletInput);
  const planPrices = v3PlanPrices(
    { db: ctx.db, chainId: ctx.chainId, prices },
    { isPast: false, isLive: true },
  );
  const merklDeps: MerklDeps = { ...ctx.merkl, chain, chainId: ctx.chainId, planPrices, now: ctx.now };
  const answer = loadMerklAnswer(merklDeps, wallet);
  // Awaited below; until then a failure of it must not go unhandled if the chain read fails first.
  answer.catch(() => {});
  const { block, positions: found } = await findWalletPositionIds(chain, ctx.contracts, wallet);
  const [positions, merkl] = await Promise.all([
    readV3Positions(
      { chain, contracts: ctx.contracts, incentives, planPrices, oldTokens: ctx.oldTokens },
      found,
      block,
      { isLive: true },
    ),
    answer.then((a) => valueMerklRewards(merklDeps, wallet, a, block.number)),
  ]);
  const [tracked, isWatchOnly] = await Promise.all([
    findTrackedTokenIds(ctx, userId, wallet),
    isWatchOnlyWallet(ctx.db, userId, wallet, ctx.chainId),
  ]);
  return {
    wallet_address: wallet,
    block_number: Number(block.number),
    positions: positions.map((p) => ({ ...p, is_tracked: tracked.has(p.token_id) })),
    merkl,
    can_act: !isWatchOnly,
    contracts: {
      position_manager: ctx.contracts.positionManager,
      farming_center: ctx.contracts.farmingCenter,
      merkl_distributor: ctx.merkl.distributor,
      wnative: ctx.wnative,
    },
  };
}
