import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/index.ts';
import type { RecordedFinalityDeps } from '../../core/ledger/recorded-finality.ts';
import type { V3Counterparties } from '../../core/ledger/v3-rows.ts';

/** What the ledger's use cases share: the database, the chain, and the V3 contracts rows name. */
export type LedgerContext = {
  db: Kysely<Database>;
  chainId: number;
  counterparties: V3Counterparties;
  /**
   * The chain, its finality rule and POL's price: recorded sends are settled (checked final, or dropped when
   * reorganised away) before a ledger is read. Without a chain they stay as last settled.
   */
  recordedFinality?: RecordedFinalityDeps | undefined;
  now?: () => Date;
};
