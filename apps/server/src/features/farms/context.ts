import { AppError, type FarmKind, farmKinds } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { getAddress } from 'viem';
import type { V3Counterparties } from '../../core/books/v3-rows.ts';
import type { OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';
import { findFarmByAddress } from '../../core/farms/repository.ts';
import type { SnapshotPipeline } from '../../core/snapshots/pipeline.ts';
import type { PriceSources } from '../../core/snapshots/prices.ts';

export type FarmsServiceDeps = {
  db: Kysely<Database>;
  chainId: number;
  /** Absent when no chain is configured: refreshes then answer CHAIN_UNAVAILABLE. */
  writer?: SnapshotPipeline | undefined;
  prices?: PriceSources | undefined;
  now?: () => Date;
  /** Where a failed first snapshot after tracking is reported (tracking still succeeds). */
  logWarn?: (object: object, message: string) => void;
  /** Old QUICK and old dQUICK, named apart on every screen. */
  oldTokens?: OldTokens;
  /** V3's position manager and FarmingCenter: the portfolio's V3 positions' books need them. */
  v3Counterparties?: V3Counterparties | undefined;
};

/** What every use case of the farms feature is given: its deps, with the clock resolved. */
export type FarmsContext = Omit<FarmsServiceDeps, 'now'> & { now: () => Date };

/** The snapshot writer; CHAIN_UNAVAILABLE when no chain is configured. */
export function requireWriter(ctx: FarmsContext): SnapshotPipeline {
  if (!ctx.writer) throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain node is configured on this server');
  return ctx.writer;
}

/** An imported farm (of `kind`, when given); NOT_FOUND naming the product otherwise. */
export async function requireFarm(ctx: FarmsContext, kind: FarmKind | undefined, address: string) {
  const farm = await findFarmByAddress(ctx.db, ctx.chainId, address);
  if (!farm || (kind && farm.kind !== kind)) {
    const what = kind ? `${farmKinds[kind].name} farm` : 'farm';
    throw new AppError('NOT_FOUND', `no ${what} ${getAddress(address)} has been imported`);
  }
  return farm;
}
