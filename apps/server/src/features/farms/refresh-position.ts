import { AppError, type FarmKind } from '@tidewatch/shared';
import { getAddress } from 'viem';
import { isTracking } from '../../core/farms/tracking-repository.ts';
import { type FarmsContext, requireFarm, requireWriter } from './context.ts';
import { type Item, toItems } from './list-items.ts';

/** Takes a new snapshot of a pair the user tracks (the card's refresh) and answers its card. */
export async function refreshPosition<K extends FarmKind>(
  ctx: FarmsContext,
  kind: K,
  userId: number,
  farmAddress: string,
  account: string,
): Promise<Item<K>> {
  const farm = await requireFarm(ctx, kind, farmAddress);
  const wallet = getAddress(account);
  if (!(await isTracking(ctx.db, { userId, farmId: farm.id, walletAddress: wallet }))) {
    throw new AppError('FORBIDDEN', `you do not track this farm with ${wallet}: track it first`);
  }
  await requireWriter(ctx).refreshSnapshots({
    farms: [{ address: getAddress(farm.address), kind: farm.kind }],
    accounts: [wallet],
  });
  const [item] = await toItems(ctx, kind, [{ farmId: farm.id, account: wallet, isTracked: true }]);
  return item!;
}
