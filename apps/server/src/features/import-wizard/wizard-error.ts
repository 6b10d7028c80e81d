import { AppError, type WizardEvent } from '@tidewatch/shared';
import type { TransitionError } from './state-machine.ts';

/**
 * A failed wizard step. The route answers the standard error body plus the error marker, the state the
 * import stays in (`previous`), its allowed events and `data` (import_id, suggested_variant, farm_address),
 * so 'continue' can re-send the same event from the same state.
 */
export class WizardError extends AppError {
  readonly previous: string;
  readonly events: WizardEvent[];
  readonly data: Record<string, unknown>;

  constructor(error: AppError, previous: string, events: WizardEvent[], data: Record<string, unknown> = {}) {
    super(error.code, error.message, { details: error.details, cause: error.cause ?? error });
    this.previous = previous;
    this.events = events;
    this.data = data;
  }

  static from(error: AppError, previous: string, events: WizardEvent[], data: Record<string, unknown> = {}) {
    return new WizardError(error, previous, events, data);
  }

  static fromTransition(
    transition: TransitionError,
    previous: string,
    events: WizardEvent[],
    data: Record<string, unknown> = {},
  ) {
    return new WizardError(new AppError(transition.code, transition.message), previous, events, {
      ...data,
      ...transition.data,
    });
  }
}
