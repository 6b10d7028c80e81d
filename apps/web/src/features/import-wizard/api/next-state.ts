import {
  AppError,
  appErrorFromBody,
  type WizardErrorBody,
  type WizardEvent,
  type WizardStateResponse,
  wizardErrorBodySchema,
  wizardStateResponseSchema,
} from '@tidewatch/shared';
import { type FarmKind, farmKinds } from '@tidewatch/shared/farm-kinds';
import { api } from '../../../lib/api-client.ts';

export type NextStateInput = { name: string; event: WizardEvent; params: Record<string, unknown> };

/** What a failed step adds to the standard error body: where the import stays, its events, hints. */
export type WizardFailure = Pick<WizardErrorBody, 'previous' | 'events' | 'data'>;

const wizardFailureSchema = wizardErrorBodySchema.pick({ previous: true, events: true, data: true });

/**
 * The wizard part of a failed step's body (kept by the shared client in `AppError.extra`): the other
 * kind to suggest, the farm already imported. Null for failures that are not a wizard step's.
 */
export function readWizardFailure(error: AppError): WizardFailure | null {
  const parsed = wizardFailureSchema.safeParse(error.extra);
  return parsed.success ? parsed.data : null;
}

/**
 * Sends one wizard event through the shared client (bearer token, CSRF header, cookies, timeout).
 * Throws an AppError: the server's (with the wizard fields in `extra`), TIMEOUT, NETWORK, or INTERNAL
 * for an answer this page cannot read.
 */
export async function postNextState(kind: FarmKind, input: NextStateInput): Promise<WizardStateResponse> {
  const payload = await api.post(farmKinds[kind].apiPaths.nextState, input);
  // Spec: an `error` field in the answer marks the failure, whatever the status.
  if (typeof payload === 'object' && payload !== null && 'error' in payload) {
    throw appErrorFromBody(payload, 200);
  }
  const parsed = wizardStateResponseSchema.safeParse(payload);
  if (!parsed.success) {
    throw new AppError('INTERNAL', 'the server sent an answer this page does not understand', {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
