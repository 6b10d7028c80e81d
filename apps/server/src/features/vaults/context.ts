import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Address } from 'viem';
import type { ChainClient } from '../../core/chain/client.ts';
import type { OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';
import type { ListedVault } from '../../core/farm-index/vault-registry.ts';
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
  /** The Gamma, ICHI and DefiEdge vaults read for every wallet: every one QuickSwap listed (vault-registry.ts). */
  listedVaults: readonly ListedVault[];
  /** Steer's vaults on QuickSwap, from its API (cached); throws when it cannot be had. Absent: none read. */
  steerVaults?: (() => Promise<readonly ListedVault[]>) | undefined;
  log?: { warn: (object: object, message: string) => void } | undefined;
  now?: (() => Date) | undefined;
};

/** The chain and the prices; CHAIN_UNAVAILABLE without them. */
export function requireChain(ctx: VaultsDeps): { chain: ChainClient; prices: PriceSources } {
  if (!ctx.chain || !ctx.prices) {
    throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain RPC is configured on this server');
  }
  return { chain: ctx.chain, prices: ctx.prices };
}
