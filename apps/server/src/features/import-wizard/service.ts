import {
  AppError,
  type UpdateToken,
  type WizardNextStateRequest,
  type WizardVariant,
} from '@tidewatch/shared';
import { advanceImport } from './advance-import.ts';
import { type ImportWizardContext, type ImportWizardDeps, respond } from './context.ts';
import { nameToken } from './name-token.ts';
import { cancelOpenImport } from './one-at-a-time.ts';
import { findImport } from './repository.ts';
import { decodeImport } from './stored-import.ts';

export type ImportWizardService = ReturnType<typeof createImportWizardService>;

/** The import wizard: the pure transition function wrapped with its effects and the import row. */
export function createImportWizardService(deps: ImportWizardDeps) {
  const ctx: ImportWizardContext = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    advance: (userId: number, variant: WizardVariant, request: WizardNextStateRequest) =>
      advanceImport(ctx, userId, variant, request),
    getImport: async (userId: number, id: number) => {
      const row = await findImport(ctx.db, userId, id);
      if (!row) throw new AppError('NOT_FOUND', `import ${id} not found`);
      return respond(row, decodeImport(row.data));
    },
    /** Cancels an open import of the user: it is gone, and another can start. */
    cancelImport: (userId: number, id: number) => cancelOpenImport(ctx.db, userId, id),
    updateToken: (userId: number, input: UpdateToken) => nameToken(ctx, userId, input),
  };
}
