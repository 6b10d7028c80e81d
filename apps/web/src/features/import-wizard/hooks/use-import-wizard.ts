import { tokenRoles, type WizardEvent, type WizardVariant } from '@tidewatch/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useWallet } from '../../../lib/wallet/index.ts';
import { postNextState, WizardStepError } from '../api/next-state.ts';

/** A wizard state as the client holds it; NOT_STARTED exists only here until PARSE_URL answers. */
export type ClientWizardState = {
  name: string;
  previous: string | null;
  events: WizardEvent[];
  data: Record<string, unknown>;
};

export const notStartedState: ClientWizardState = {
  name: 'NOT_STARTED',
  previous: null,
  events: ['PARSE_URL'],
  data: {},
};

/**
 * The state data goes back with every event (spec), except the token descriptions under token0…reward_b:
 * in params those keys carry the user's price-data selections, so echoing the tokens would be refused.
 */
function withoutTokenRoles(data: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...data };
  for (const role of tokenRoles) delete rest[role];
  return rest;
}

/** States where the wizard waits for the user even when advancing on its own. */
const startState = 'STARTED';

export type ImportWizard = {
  state: ClientWizardState;
  /** The last failure; the state stays where it was so 'continue' retries from there. */
  error: WizardStepError | null;
  isSending: boolean;
  isAutoAdvance: boolean;
  setIsAutoAdvance: (value: boolean) => void;
  /** Fires `event` from the current state with the state data plus `params` (ignored while one is running). */
  send: (event: WizardEvent, params?: Record<string, unknown>) => void;
  /** Re-sends the current state's next event (spec: 'continue'). */
  continueImport: () => void;
  /** Back to NOT_STARTED (start another import). */
  reset: () => void;
};

/**
 * The wizard's client side (spec section 4): the server decides every next state; this hook sends events,
 * keeps the last good state on failure, and, when asked, advances through steps that need no input.
 */
export function useImportWizard(variant: WizardVariant): ImportWizard {
  const wallet = useWallet();
  const [state, setState] = useState<ClientWizardState>(notStartedState);
  const [error, setError] = useState<WizardStepError | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isAutoAdvance, setIsAutoAdvance] = useState(true);
  // A ref so two clicks in one tick cannot both send: the spec's single-shot buttons.
  const isSendingRef = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const account = wallet.isConnected ? wallet.publicAddress : null;

  const send = useCallback(
    (event: WizardEvent, params: Record<string, unknown> = {}) => {
      if (isSendingRef.current) return;
      isSendingRef.current = true;
      setIsSending(true);
      const current = stateRef.current;
      const body = {
        name: current.name,
        event,
        params: {
          ...withoutTokenRoles(current.data),
          ...(variant === 'dual' && account ? { account_address: account } : {}),
          ...params,
        },
      };
      postNextState(variant, body)
        .then((next) => {
          setError(null);
          setState({ name: next.name, previous: next.previous, events: next.events, data: next.data });
        })
        .catch((failure: unknown) => {
          setError(
            failure instanceof WizardStepError
              ? failure
              : new WizardStepError(failure instanceof Error ? failure.message : 'the step failed', null),
          );
        })
        .finally(() => {
          isSendingRef.current = false;
          setIsSending(false);
        });
    },
    [variant, account],
  );

  const continueImport = useCallback(() => {
    const next = stateRef.current.events[0];
    if (next) send(next);
  }, [send]);

  const reset = useCallback(() => {
    setError(null);
    setState(notStartedState);
  }, []);

  const nextEvent = state.events[0];
  const shouldAutoAdvance =
    isAutoAdvance && !error && !isSending && nextEvent === 'GET_NEXT_STEP' && state.name !== startState;
  useEffect(() => {
    if (shouldAutoAdvance) send('GET_NEXT_STEP');
  }, [shouldAutoAdvance, send]);

  return { state, error, isSending, isAutoAdvance, setIsAutoAdvance, send, continueImport, reset };
}
