import type { Kysely } from 'kysely';
import type { V3Counterparties } from '../../core/books/v3-rows.ts';
import type { OldTokens } from '../../core/chain/token-labels.ts';
import type { Database } from '../../core/db/index.ts';

/** What the ledger's use cases share: the database and the V3 contracts rows name (stored rows only, no chain). */
export type LedgerContext = {
  db: Kysely<Database>;
  chainId: number;
  counterparties: V3Counterparties;
  /** Old QUICK and old dQUICK, named 'QUICK (old)' / 'dQUICK (old)' in the rows and every file as on screen. */
  oldTokens: OldTokens;
};
