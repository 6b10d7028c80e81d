import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { ChainClient } from '../../core/chain/client.ts';
import type { OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';
import type { RegistryGammaVault } from '../../core/farm-index/vault-registry.ts';
import type { PriceSources } from '../../core/snapshots/index.ts';

/** What the vaults tool is wired with; the chain parts are absent without an RPC. */
export type VaultsDeps = {
  db: Kysely<Database>;
  chainId: number;
  oldTokens: OldTokens;
  chain?: ChainClient | undefined;
  prices?: PriceSources | undefined;
  /** The Dragon's Lairs (new and old): each lair (its dQUICK) and the QUICK it holds. */
  lairs: readonly { lair: Address; quick: Address }[];
  /** The syrup pools read for every wallet: every one QuickSwap listed (core/farm-index/syrup-registry.ts). */
  syrups: readonly Address[];
  /** The Gamma hypervisors read for every wallet: every one QuickSwap listed (core/farm-index/vault-registry.ts). */
  gammaVaults: readonly RegistryGammaVault[];
  now?: (() => Date) | undefined;
};

/** The chain and the prices; CHAIN_UNAVAILABLE without them. */
export function requireChain(ctx: VaultsDeps): { chain: ChainClient; prices: PriceSources } {
  if (!ctx.chain || !ctx.prices) {
    throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain RPC is configured on this server');
  }
  return { chain: ctx.chain, prices: ctx.prices };
}
