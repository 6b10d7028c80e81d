import {
  AppError,
  type TrackedVaultPosition,
  type TrackedVaultPositions,
  type VaultSnapshot,
} from '@tidewatch/shared';
import { type Address, getAddress, isAddressEqual } from 'viem';
import type { VaultPositionType } from '../../core/db/tables/vault-positions.ts';
import { requireSavedWallet } from '../../core/farms/saved-wallet.ts';
import { vaultPositionReturns } from '../../core/kinds/vault-position/index.ts';
import type { VaultsDeps } from './context.ts';
import { listVaults } from './lists/vault-list.ts';
import { readVaultSnapshots } from './snapshots.ts';
import {
  deleteTrackedVaultPosition,
  findTrackedVaultPositions,
  insertTrackedVaultPosition,
  insertVaultSnapshots,
  upsertVaultPosition,
} from './tracking-repository.ts';

/** Which of the tool's contracts `contract` is: a lair, a listed syrup pool or vault, or none (a 400 naming it). */
async function typeOf(ctx: VaultsDeps, contract: Address): Promise<VaultPositionType> {
  if (ctx.lairs.some((l) => isAddressEqual(l.lair, contract))) return 'lair';
  if (ctx.syrups.some((pool) => isAddressEqual(pool, contract))) return 'syrup';
  const vault = (await listVaults(ctx)).vaults.find((v) => isAddressEqual(v.address, contract));
  if (vault) return vault.manager;
  const message = `${contract} is not a Dragon's Lair, nor a syrup pool or vault QuickSwap listed`;
  throw new AppError('VALIDATION_FAILED', message, {
    details: [{ field: 'body.contract_address', message }],
  });
}

/**
 * POST /api/quickswap/vaults/tracked: the user tracks what one of their saved or watch-only wallets holds in a
 * lair, a listed syrup pool or a listed vault. Its first snapshot is taken at once (read at the latest block), so the position
 * has a value from the start; the scheduled snapshots follow. Tracking it again changes nothing.
 */
export async function trackVaultPosition(
  ctx: VaultsDeps & { now: () => Date },
  userId: number,
  input: { wallet_address: string; contract_address: string },
): Promise<TrackedVaultPosition> {
  const wallet = await requireSavedWallet(ctx, userId, input.wallet_address);
  const contract = getAddress(input.contract_address);
  const type = await typeOf(ctx, contract);
  const read = await readVaultSnapshots(ctx, [{ positionId: 0, wallet, contract, type }]);
  if (read.unreadable.length > 0) {
    throw new AppError('CHAIN_UNAVAILABLE', `${contract} could not be read: try again later`);
  }
  const at = ctx.now().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const positionId = await upsertVaultPosition(trx, { chainId: ctx.chainId, wallet, contract, type, at });
    await insertVaultSnapshots(
      trx,
      read.rows.map((row) => ({ ...row, position_id: positionId })),
    );
    return insertTrackedVaultPosition(trx, userId, positionId, at);
  });
  const tracked = (await listTrackedVaultPositions(ctx, userId)).positions.find((p) => p.id === id);
  return tracked!;
}

/** DELETE /api/quickswap/vaults/tracked/:id: stops tracking (its snapshots stay); 404 when not the user's. */
export async function untrackVaultPosition(ctx: VaultsDeps, userId: number, id: number): Promise<void> {
  if (!(await deleteTrackedVaultPosition(ctx.db, userId, id))) {
    throw new AppError('NOT_FOUND', `no tracked position ${id} of yours`);
  }
}

/** GET /api/quickswap/vaults/tracked: the user's tracked positions, each with its newest snapshot (stored rows only). */
export async function listTrackedVaultPositions(
  ctx: VaultsDeps,
  userId: number,
): Promise<TrackedVaultPositions> {
  const rows = await findTrackedVaultPositions(ctx.db, userId, ctx.chainId);
  return {
    positions: await Promise.all(
      rows.map(async (row) => {
        const figures =
          row.figures === null
            ? null
            : (JSON.parse(row.figures) as Partial<Pick<VaultSnapshot, 'lair' | 'syrup' | 'vault'>>);
        return {
          id: row.id,
          wallet_address: row.wallet_address,
          contract_address: row.contract_address,
          position_type: row.position_type,
          tracked_at: row.tracked_at,
          snapshot:
            figures === null || row.block_number === null || row.created_on === null
              ? null
              : {
                  block_number: Number(row.block_number),
                  created_on: row.created_on,
                  value_usd: row.value_usd,
                  rewards_usd: row.rewards_usd,
                  ends_at: row.ends_at,
                  lair: figures.lair ?? null,
                  syrup: figures.syrup ?? null,
                  vault: figures.vault ?? null,
                },
          returns: await vaultPositionReturns(ctx.db, ctx.chainId, {
            position_id: row.position_id,
            wallet_address: row.wallet_address,
          }),
        };
      }),
    ),
  };
}
