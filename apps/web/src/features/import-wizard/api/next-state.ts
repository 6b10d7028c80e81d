import {
  AppError,
  type WizardErrorBody,
  type WizardEvent,
  type WizardStateResponse,
  type WizardVariant,
  wizardErrorBodySchema,
  wizardStateResponseSchema,
} from '@tidewatch/shared';
import { api, defaultTimeoutMs, networkMessage, timeoutMessage } from '../../../lib/api-client.ts';
import { csrfHeaderName, readCsrfToken } from '../../../lib/csrf.ts';
import { getSessionToken } from '../../../lib/session.ts';

export const nextStatePaths = {
  lp: '/api/quickswap/lp_mining_farm_import_guide/next-state',
  dual: '/api/quickswap/dual-mining/next-state',
} as const satisfies Record<WizardVariant, string>;

export type NextStateInput = { name: string; event: WizardEvent; params: Record<string, unknown> };

/** A failed step as the wizard shows it: the message, plus hints (other variant, existing farm). */
export class WizardStepError extends Error {
  readonly body: WizardErrorBody | null;
  constructor(message: string, body: WizardErrorBody | null) {
    super(message);
    this.name = 'WizardStepError';
    this.body = body;
  }
}

/**
 * Sends one wizard event. The shared client turns error bodies into a bare AppError, but the wizard needs
 * the whole body (`previous`, `data.suggested_variant`, `data.farm_address`), so this call reads it itself
 * with the same credentials: bearer token, CSRF header, cookies, timeout.
 */
export async function postNextState(
  variant: WizardVariant,
  input: NextStateInput,
): Promise<WizardStateResponse> {
  await api.ensureCsrfCookie();
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  const token = getSessionToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const csrf = readCsrfToken();
  if (csrf) headers[csrfHeaderName] = csrf;
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(nextStatePaths[variant], {
      method: 'POST',
      headers,
      body: JSON.stringify(input),
      credentials: 'include',
      signal: AbortSignal.timeout(defaultTimeoutMs),
    });
    const text = await response.text();
    payload = text === '' ? undefined : JSON.parse(text);
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    throw new WizardStepError(isTimeout ? timeoutMessage : networkMessage, null);
  }
  // Spec: an `error` field in the answer marks the failure, whatever the status.
  const isFailure = !response.ok || (typeof payload === 'object' && payload !== null && 'error' in payload);
  if (isFailure) {
    const body = wizardErrorBodySchema.safeParse(payload);
    if (body.success) throw new WizardStepError(body.data.message, body.data);
    throw new WizardStepError(AppError.fromBody(payload, response.status).message, null);
  }
  const parsed = wizardStateResponseSchema.safeParse(payload);
  if (!parsed.success)
    throw new WizardStepError('the server sent an answer this page does not understand', null);
  return parsed.data;
}
