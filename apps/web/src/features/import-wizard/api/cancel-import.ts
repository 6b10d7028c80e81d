import { type ImportCancelled, importCancelledSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';

/**
 * Cancels one of the user's open imports: it is gone on the server and another can start (one import at a
 * time per user). A completed import: AppError CONFLICT; one that is already gone: NOT_FOUND.
 */
export function cancelImport(importId: number): Promise<ImportCancelled> {
  return api.del(`/quickswap/imports/${importId}`, { schema: importCancelledSchema });
}
