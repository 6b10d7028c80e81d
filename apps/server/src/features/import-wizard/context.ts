import { AppError, type WizardStateResponse, type WizardVariant } from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import { getAddress } from 'viem';
import type { ClassifyOptions } from '../../core/chain/classify.ts';
import type { ChainClient } from '../../core/chain/client.ts';
import type { Database } from '../../core/db/index.ts';
import type { FarmImportRow } from '../../core/db/tables/farm-imports.ts';
import { isVerifiedWallet } from '../../core/farms/repository.ts';
import type { CoinMarketCapClient } from '../../core/prices/coinmarketcap-source.ts';
import type { SnapshotPipeline } from '../../core/snapshots/index.ts';
import { presentData } from './present.ts';
import { findVerifiedWallets } from './repository.ts';
import { allowedEvents } from './state-machine.ts';
import type { StoredImport } from './stored-import.ts';

export type ImportWizardDeps = {
  db: Kysely<Database>;
  chainId: number;
  /** Absent: every step that reads the chain answers CHAIN_UNAVAILABLE. */
  chain?: ChainClient | undefined;
  writer?: SnapshotPipeline | undefined;
  /** Present when CMC_API_KEY is set; without it prices come from on-chain pairs only. */
  coinmarketcap?: CoinMarketCapClient | undefined;
  /** QuickSwap's pair factory and farm factories (config): a pair is resolved to its farms through them. */
  classifyOptions: ClassifyOptions;
  now?: () => Date;
};

/** What every use case of the wizard is given: its deps, with the clock resolved. */
export type ImportWizardContext = Omit<ImportWizardDeps, 'now'> & { now: () => Date };

export const notConfigured = () =>
  new AppError('CHAIN_UNAVAILABLE', 'no blockchain node is configured for imports (POLYGON_RPC_URL)');

/** The wizard's answer for an import row in its state: the allowed events and the step's data. */
export function respond(
  row: Pick<FarmImportRow, 'id' | 'variant' | 'state' | 'previous_state'>,
  stored: StoredImport,
) {
  const variant = row.variant as WizardVariant;
  return {
    name: row.state,
    previous: row.previous_state,
    events: allowedEvents(variant, row.state),
    data: presentData(row.id, variant, row.state, stored),
  } satisfies WizardStateResponse;
}

/** The accounts an import reads: the one given (which must be the user's verified wallet), else all of them. */
export async function accountsFor(
  ctx: ImportWizardContext,
  userId: number,
  account: string | undefined,
): Promise<string[]> {
  if (!account) return findVerifiedWallets(ctx.db, userId, ctx.chainId);
  if (!(await isVerifiedWallet(ctx.db, userId, account, ctx.chainId))) {
    throw new AppError('FORBIDDEN', `account_address ${account} is not one of your verified wallets`);
  }
  return [getAddress(account)];
}
