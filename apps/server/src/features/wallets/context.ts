import { AppError } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { ChainClient } from '../../core/chain/client.ts';
import type { Database } from '../../core/db/types.ts';
import type { AccountsService } from '../accounts/index.ts';
import * as repo from './repository.ts';
import type { SiweSettings } from './siwe.ts';

export type WalletsDeps = {
  db: Kysely<Database>;
  publicUrl: string;
  chainId: number;
  /** Tells a contract from a wallet for watch-only addresses; without it that check is skipped. */
  chain?: ChainClient | undefined;
  accounts: Pick<AccountsService, 'issueSessionToken' | 'logInThrottled'>;
  now?: () => Date;
};

/** What every use case of the wallets feature is given: its deps, with the clock resolved. */
export type WalletsContext = Omit<WalletsDeps, 'now'> & { now: () => Date };

/** A signature rule broken: SIGNATURE_INVALID with what to do. */
export const invalid = (message: string) => new AppError('SIGNATURE_INVALID', message);
export const alreadyUsed = () => invalid('this sign-in message was already used');

/** What a sign-in message names: our URL, the chain and its name. */
export async function siweSettings(ctx: WalletsContext): Promise<SiweSettings> {
  const chain = await repo.findBlockchain(ctx.db, ctx.chainId);
  return {
    publicUrl: ctx.publicUrl,
    chainId: ctx.chainId,
    chainName: chain?.name ?? `chain ${ctx.chainId}`,
  };
}
