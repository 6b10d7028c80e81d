import type { Generated, Selectable } from 'kysely';

/** Table types of migration 004-farm-imports (db/types.ts spreads them into Database). */
type FarmImportsTable = {
  id: Generated<number>;
  user_id: number;
  /** A FarmKind (packages/shared's farm-kinds.ts). */
  variant: string;
  /** A wizard state name (never the error marker: a failed step leaves the row as it was). */
  state: string;
  previous_state: string | null;
  /** Checksummed, once PARSE_URL found the farm. */
  farm_address: string | null;
  /** JSON text of the stored import data (see repository.ts `StoredImport`). */
  data: string;
  /** Decimal text: the block the chain reads were pinned to. */
  pinned_block: string | null;
  created_at: string;
  updated_at: string;
};

export type FarmImportsTables = { farm_imports: FarmImportsTable };
export type FarmImportRow = Selectable<FarmImportsTable>;
