import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { type Address, getAddress } from 'viem';
import type { ChainClient } from '../../core/chain/client.ts';
import type { OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';
import type { PriceSources, SnapshotPipeline } from '../../core/snapshots/index.ts';
import type { VaultExitReader } from '../vaults/index.ts';
import type { RecoveryContracts } from './plan/chain-state.ts';
import { findUserWallet } from './repository.ts';

/** The contracts V3 position actions are sent to and read back from. */
export type V3ActionContracts = {
  positionManager: Address;
  farmingCenter: Address;
  eternalFarming: Address;
  merklDistributor: Address;
};

export type RecoveryDeps = {
  db: Kysely<Database>;
  chainId: number;
  chain?: ChainClient | undefined;
  prices?: PriceSources | undefined;
  /** The snapshot pipeline a refresh uses: a recorded step snapshots the position it changed. */
  pipeline?: SnapshotPipeline | undefined;
  oldTokens: OldTokens;
  /** The router, old lair, old and new QUICK and the converter (the operator's configuration). */
  contracts: RecoveryContracts;
  /** QuickSwap's pair factory (its feeTo turns the protocol fee of a burn on). */
  pairFactory: Address;
  /** Every syrup pool QuickSwap listed: an ended one where the wallet has something is emptied too. */
  syrups: readonly Address[];
  /** WMATIC: POL's price is its price. */
  wmatic: Address;
  /**
   * QuickSwap V3's position manager, FarmingCenter and eternal farming, and Merkl's distributor (the operator's
   * configuration): where a V3 position action (issue 46) may be sent, and whose logs say what it did.
   */
  v3Actions?: V3ActionContracts | undefined;
  /** The vaults tool's reads: vault shares and new dQUICK the person may take out too (issue 45). */
  vaults?: VaultExitReader | undefined;
  now?: () => Date;
  /** How long recording a transaction waits for it to be known and mined (its receipt). */
  receiptWaitMs?: number;
  logWarn?: (object: object, message: string) => void;
};

/** What every use case of recovery is given: its deps, with the clock resolved. */
export type RecoveryContext = Omit<RecoveryDeps, 'now'> & { now: () => Date };

/** The chain client and price sources; CHAIN_UNAVAILABLE without them. */
export function requireChain(ctx: RecoveryContext): { chain: ChainClient; prices: PriceSources } {
  if (!ctx.chain || !ctx.prices) {
    throw new AppError('CHAIN_UNAVAILABLE', 'no blockchain RPC is configured on this server');
  }
  return { chain: ctx.chain, prices: ctx.prices };
}

/** One of the user's saved or watch-only wallets on this chain; NOT_FOUND otherwise (as everywhere). */
export async function requireUserWallet(
  ctx: RecoveryContext,
  userId: number,
  wallet: string,
): Promise<{ address: Address; isWatchOnly: boolean }> {
  const found = await findUserWallet(ctx.db, userId, ctx.chainId, wallet);
  if (!found) {
    throw new AppError(
      'NOT_FOUND',
      `${getAddress(wallet)} is not one of your saved wallets: save or watch it first`,
    );
  }
  return { address: getAddress(found.address), isWatchOnly: found.is_watch_only === 1 };
}
