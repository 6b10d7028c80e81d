import type { LairStake, VaultShare } from '@tidewatch/shared';
import type { Address } from 'viem';
import type { ListedVault } from '../../core/farm-index/vault-registry.ts';
import type { VaultsDeps } from './context.ts';
import { listVaults } from './lists/vault-list.ts';
import { readHoldings } from './read-holdings.ts';

/** What getting vault shares and new dQUICK out needs of the vaults tool (the recovery plan uses it). */
export type VaultExitReader = {
  /** The (new) Dragon's Lair: its dQUICK still earns, so leaving it is the person's choice. */
  newLair: Address;
  /** A wallet's vault shares and new dQUICK at `at`, as the vaults tool reads them (one figure per block). */
  read(wallet: Address, at: bigint): Promise<{ vaults: VaultShare[]; lairs: LairStake[] }>;
  /** Every vault the tool reads now, with where its shares stake: what a recorded send may go to. */
  listed(): Promise<readonly ListedVault[]>;
};

/** The vaults tool's reads for the recovery plan: the same lens and values as its own screen. */
export function createVaultExitReader(ctx: VaultsDeps): VaultExitReader {
  const newLair = ctx.lairs[0]!.lair;
  return {
    newLair,
    async read(wallet, at) {
      const { vaults } = await listVaults(ctx);
      const { wallets } = await readHoldings(
        ctx,
        [{ wallet, lairs: [newLair], syrups: ctx.syrups, vaults }],
        at,
      );
      const read = wallets.get(wallet)!;
      return { vaults: read.vaults, lairs: read.lairs, syrups: read.syrups };
    },
    async listed() {
      return (await listVaults(ctx)).vaults;
    },
  };
}
