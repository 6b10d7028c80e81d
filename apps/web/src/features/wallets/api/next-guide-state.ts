import type { GuideState, NextStateRequest } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';
import { loadWalletSchemas, schemaFrom } from '../../../lib/start-up-schemas.ts';

/** The client-side error marker (spec: any response with an error sets the state to it, keeping `previous`). */
export function toGuideErrorState(previous: GuideState['name'], error: unknown): GuideState {
  const message = error instanceof Error ? error.message : 'something went wrong, please try again';
  return { name: 'ERROR', previous, events: ['GET_MESSAGE'], data: { message } };
}

/**
 * POST /api/wallets/connect_metamask_guide/next-state. Never throws: a failure (error body, network, timeout)
 * comes back as the ERROR state so the guide can show it in its red box.
 */
export async function postNextGuideState(request: NextStateRequest): Promise<GuideState> {
  try {
    return await api.post('/wallets/connect_metamask_guide/next-state', request, {
      schema: schemaFrom(loadWalletSchemas, 'guideStateSchema'),
    });
  } catch (error) {
    return toGuideErrorState(request.name, error);
  }
}
