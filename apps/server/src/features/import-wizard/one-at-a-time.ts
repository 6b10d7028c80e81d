import {
  AppError,
  type ImportCancelled,
  type OpenImport,
  type WizardVariant,
  wizardTexts,
} from '@tidewatch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/index.ts';
import type { FarmImportRow } from '../../core/db/tables/farm-imports.ts';
import { presentData } from './present.ts';
import { deleteOpenImport, findImport, findOpenImports } from './repository.ts';
import { decodeImport } from './stored-import.ts';
import { WizardError } from './wizard-error.ts';

/**
 * One import at a time per user (issue 30): a second PARSE_URL is refused naming the open import, which the
 * person continues or cancels. Migration 018's unique index keeps the rule under concurrent requests.
 */

/** An import row named as a person would recognise it: farm address, pair symbols when known, URL. */
function nameImport(row: FarmImportRow): OpenImport {
  const variant = row.variant as WizardVariant;
  const data = presentData(row.id, variant, row.state, decodeImport(row.data));
  return {
    import_id: row.id,
    variant,
    state: row.state,
    farm_address: data.farm_address ?? row.farm_address ?? '',
    url: data.url,
    ...(data.symbol0 && data.symbol1 ? { symbol0: data.symbol0, symbol1: data.symbol1 } : {}),
  };
}

/** The user's open import, named, if there is one. */
export async function findNamedOpenImport(db: Kysely<Database>, userId: number): Promise<OpenImport | null> {
  const row = (await findOpenImports(db, userId))[0];
  return row ? nameImport(row) : null;
}

/** The refusal of a new import while `open` is: 409, the open import in `data.open_import`. */
export function openImportConflict(open: OpenImport): WizardError {
  const label = wizardTexts.farmLabel(open.farm_address, open.symbol0, open.symbol1);
  return WizardError.from(
    new AppError(
      'CONFLICT',
      `another import is open: ${label} at the step ${open.state}. Continue it, or cancel it to start this one`,
    ),
    'NOT_STARTED',
    ['PARSE_URL'],
    { open_import: open },
  );
}

/**
 * Cancels an open import of the user: the row goes, so another can start and a step still running for it
 * writes nothing. NOT_FOUND for another user's or a gone import; CONFLICT for a completed one.
 */
export async function cancelOpenImport(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<ImportCancelled> {
  const row = await findImport(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', `import ${id} not found`);
  if (row.state === 'completed')
    throw new AppError('CONFLICT', 'this import is completed: nothing to cancel');
  if (!(await deleteOpenImport(db, userId, id))) {
    throw new AppError('CONFLICT', 'this import moved on in another window: reload it');
  }
  const named = nameImport(row);
  return {
    import_id: row.id,
    farm_address: named.farm_address,
    message: `the import of ${wizardTexts.farmLabel(named.farm_address, named.symbol0, named.symbol1)} was cancelled`,
  };
}
