import type { ListedVault } from '../../../core/farm-index/vault-registry.ts';
import type { VaultsDeps } from '../context.ts';

/** Every vault the tool reads now, and the lists that could not be had (their vaults unknown, not empty). */
export type VaultList = { vaults: readonly ListedVault[]; unavailableLists: 'steer'[] };

/**
 * The vaults to read: every Gamma, ICHI and DefiEdge vault QuickSwap's interface listed (the registry), and Steer's,
 * which QuickSwap's interface asks Steer's API for (ctx.steerVaults, cached). Steer's API failing takes only
 * Steer's vaults away, and says so.
 */
export async function listVaults(ctx: VaultsDeps): Promise<VaultList> {
  if (!ctx.steerVaults) return { vaults: ctx.listedVaults, unavailableLists: [] };
  try {
    const steer = await ctx.steerVaults();
    return { vaults: [...ctx.listedVaults, ...steer], unavailableLists: [] };
  } catch (error) {
    ctx.log?.warn({ err: error }, "Steer's vault list is unavailable");
    return { vaults: ctx.listedVaults, unavailableLists: ['steer'] };
  }
}
