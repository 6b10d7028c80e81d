import { type WizardStateResponse, wizardStateResponseSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';

/**
 * The current state of one of the user's imports (a reload resumes from it). Another user's import, an
 * import of the other kind, or one that no longer exists: AppError NOT_FOUND.
 */
export function getImport(importId: number): Promise<WizardStateResponse> {
  return api.get(`/quickswap/imports/${importId}`, { schema: wizardStateResponseSchema });
}
