import { AppError, quickswapFarmsUrl, type TrackDiscoveredResponse } from '@tidewatch/shared';
import { type Address, getAddress, isAddressEqual } from 'viem';
import { findIndexRows } from '../../core/farm-index/index-repository.ts';
import { findFarmByAddress, upsertImportedFarm } from '../../core/farms/repository.ts';
import { insertTrackedFarm } from '../../core/farms/tracking-repository.ts';
import { type DiscoveryContext, requireSavedWallet } from './context.ts';

/**
 * Tracks index farms with a saved wallet, importing those not imported yet: one pinned read of all of
 * them (farm, pool, tokens and the wallet's position), then one transaction for every import, snapshot
 * and tracking row.
 */
export async function trackDiscovered(
  ctx: DiscoveryContext,
  userId: number,
  input: { wallet_address: string; farm_addresses: string[] },
): Promise<TrackDiscoveredResponse> {
  const { db, chainId, pipeline } = ctx;
  if (!pipeline) throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain RPC is configured on this server');
  const wallet = await requireSavedWallet(ctx, userId, input.wallet_address);
  const addresses = [...new Set(input.farm_addresses.map((a) => getAddress(a)))];
  const rows = await findIndexRows(db, chainId, { addresses });
  const missing = addresses.find((a) => !rows.some((r) => isAddressEqual(r.address as Address, a)));
  if (missing) {
    throw new AppError('NOT_FOUND', `${missing} is not in the farm index: import it through the wizard`, {
      details: [{ field: 'body.farm_addresses', message: `${missing} is not an indexed farm` }],
    });
  }
  const collected = await pipeline.collectSnapshots({
    farms: rows.map((r) => ({ address: r.address as Address, kind: r.kind })),
    accounts: [wallet],
  });
  const tracked: string[] = [];
  const already: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const read of collected.read.farms) {
      const existing = await findFarmByAddress(trx, chainId, read.address);
      const farmId = existing
        ? existing.id
        : (
            await upsertImportedFarm(
              trx,
              {
                chainId,
                farm: {
                  address: read.address,
                  kind: read.kind,
                  url: quickswapFarmsUrl(read.kind, read.periodFinish * 1000n <= BigInt(ctx.now().getTime())),
                  createdBy: userId,
                },
                pool: { address: read.pair.address, token0: read.pair.token0, token1: read.pair.token1 },
                rewardTokens: read.rewards.map((r) => r.token),
              },
              ctx.now(),
            )
          ).farmId;
      const isNew = await insertTrackedFarm(trx, { userId, farmId, walletAddress: wallet }, ctx.now());
      (isNew ? tracked : already).push(getAddress(read.address));
    }
    await pipeline.writeSnapshots(trx, collected);
  });
  return { tracked, already_tracked: already };
}
