import {
  AppError,
  completedState,
  tokenRoles,
  type WizardEvent,
  type WizardStateResponse,
} from '@tidewatch/shared';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import { isSameAddress } from '@tidewatch/shared/same-address';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useWallet } from '../../../lib/wallet/index.ts';
import { cancelImport } from '../api/cancel-import.ts';
import { getImport } from '../api/get-import.ts';
import { postNextState } from '../api/next-state.ts';
import { clearOpenImportId, readOpenImportId, saveOpenImportId } from './open-import.ts';

/** A wizard state as the client holds it; NOT_STARTED exists only here until PARSE_URL answers. */
type ClientWizardState = {
  name: string;
  previous: string | null;
  events: WizardEvent[];
  data: Record<string, unknown>;
};

const notStartedState: ClientWizardState = {
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

const toClientState = (next: WizardStateResponse): ClientWizardState => ({
  name: next.name,
  previous: next.previous,
  events: next.events,
  data: next.data,
});

const asAppError = (failure: unknown): AppError =>
  failure instanceof AppError
    ? failure
    : new AppError('INTERNAL', failure instanceof Error ? failure.message : 'the step failed');

export type ImportWizard = {
  state: ClientWizardState;
  /** The last failure; the state stays where it was so 'continue' retries from there. */
  error: AppError | null;
  isSending: boolean;
  /** True while the import this tab had open is fetched after a reload. */
  isResuming: boolean;
  isAutoAdvance: boolean;
  setIsAutoAdvance: (value: boolean) => void;
  /** Fires `event` from the current state with the state data plus `params` (ignored while one is running). */
  send: (event: WizardEvent, params?: Record<string, unknown>) => void;
  /** Re-sends the current state's next event (spec: 'continue'). */
  continueImport: () => void;
  /** Back to NOT_STARTED (start another import); the open import is forgotten. */
  reset: () => void;
  /** Forgets the last failure (the person is editing what was refused). */
  clearError: () => void;
  /** Said after a cancel ('the import of … was cancelled'); goes with the next attempt. */
  notice: string | null;
  /** Cancels the open import on the server, then back to NOT_STARTED. */
  cancel: () => void;
  /** Opens the user's import `importId` of this kind (the other open import, to continue it). */
  openImport: (importId: number) => void;
  /** Cancels the user's open import `otherImportId`, then starts importing `url` (one import at a time). */
  startInstead: (url: string, otherImportId: number) => void;
};

/**
 * The wizard's client side (spec section 4): the server decides every next state; this hook sends events,
 * keeps the last good state on failure, and, when asked, advances through steps that need no input.
 * The open import's id is kept per kind in sessionStorage: after a reload the wizard fetches the
 * import and continues from its state (an import that is gone starts over, silently).
 */
export function useImportWizard(
  kind: FarmKind,
  /** A farm asked for from the farm index ('import'): another open import waits while the person chooses. */
  requestedFarm?: string,
): ImportWizard {
  const wallet = useWallet();
  const [state, setState] = useState<ClientWizardState>(notStartedState);
  const [error, setError] = useState<AppError | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isResuming, setIsResuming] = useState(() => readOpenImportId(kind) !== null);
  const [isAutoAdvance, setIsAutoAdvance] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  // A ref so two clicks in one tick cannot both send: the spec's single-shot buttons.
  const isSendingRef = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const account = wallet.isConnected ? wallet.publicAddress : null;

  useEffect(() => {
    const importId = readOpenImportId(kind);
    if (importId === null) return;
    // Blocks sends while the stored import loads; a stale answer (unmounted) is dropped.
    let isCurrent = true;
    isSendingRef.current = true;
    getImport(importId)
      .then((next) => {
        if (isCurrent) setState(toClientState(next));
      })
      .catch((failure: unknown) => {
        if (!isCurrent) return;
        if (failure instanceof AppError && failure.code === 'NOT_FOUND') clearOpenImportId(kind);
        else setError(asAppError(failure));
      })
      .finally(() => {
        if (!isCurrent) return;
        isSendingRef.current = false;
        setIsResuming(false);
      });
    return () => {
      isCurrent = false;
      isSendingRef.current = false;
    };
  }, [kind]);

  useEffect(() => {
    const importId = state.data.import_id;
    if (state.name === completedState) clearOpenImportId(kind);
    else if (typeof importId === 'number') saveOpenImportId(kind, importId);
  }, [state, kind]);

  /** What an event sends: the state's name and data back (spec), plus the dual wallet and `params`. */
  const bodyFor = useCallback(
    (current: ClientWizardState, event: WizardEvent, params: Record<string, unknown>) => ({
      name: current.name,
      event,
      params: {
        ...withoutTokenRoles(current.data),
        ...(kind === 'dual' && account ? { account_address: account } : {}),
        ...params,
      },
    }),
    [kind, account],
  );

  const send = useCallback(
    (event: WizardEvent, params: Record<string, unknown> = {}) => {
      if (isSendingRef.current) return;
      isSendingRef.current = true;
      setIsSending(true);
      // A new attempt: the last refusal and the last notice were about something else.
      setError(null);
      setNotice(null);
      postNextState(kind, bodyFor(stateRef.current, event, params))
        .then((next) => {
          setError(null);
          setState(toClientState(next));
        })
        .catch((failure: unknown) => setError(asAppError(failure)))
        .finally(() => {
          isSendingRef.current = false;
          setIsSending(false);
        });
    },
    [kind, bodyFor],
  );

  const continueImport = useCallback(() => {
    const next = stateRef.current.events[0];
    if (next) send(next);
  }, [send]);

  const reset = useCallback(() => {
    clearOpenImportId(kind);
    setError(null);
    setNotice(null);
    stateRef.current = notStartedState;
    setState(notStartedState);
  }, [kind]);

  const clearError = useCallback(() => setError(null), []);

  /** Runs one request that replaces the wizard's state (nothing else is sent meanwhile). */
  const runExclusive = useCallback((work: () => Promise<void>) => {
    if (isSendingRef.current) return;
    isSendingRef.current = true;
    setIsSending(true);
    setError(null);
    setNotice(null);
    work()
      .catch((failure: unknown) => setError(asAppError(failure)))
      .finally(() => {
        isSendingRef.current = false;
        setIsSending(false);
      });
  }, []);

  const cancel = useCallback(() => {
    const importId = stateRef.current.data.import_id;
    if (typeof importId !== 'number') return;
    runExclusive(async () => {
      const cancelled = await cancelImport(importId);
      reset();
      setNotice(cancelled.message);
    });
  }, [runExclusive, reset]);

  const openImport = useCallback(
    (importId: number) =>
      runExclusive(async () => {
        const next = toClientState(await getImport(importId));
        stateRef.current = next;
        setState(next);
      }),
    [runExclusive],
  );

  const startInstead = useCallback(
    (url: string, otherImportId: number) =>
      runExclusive(async () => {
        try {
          await cancelImport(otherImportId);
        } catch (failure) {
          // Already gone (cancelled in another tab): nothing stands in the way.
          if (!(failure instanceof AppError && failure.code === 'NOT_FOUND')) throw failure;
        }
        clearOpenImportId(kind);
        stateRef.current = notStartedState;
        setState(notStartedState);
        const next = toClientState(await postNextState(kind, bodyFor(notStartedState, 'PARSE_URL', { url })));
        stateRef.current = next;
        setState(next);
      }),
    [runExclusive, kind, bodyFor],
  );

  const nextEvent = state.events[0];
  const isHeldForChoice =
    requestedFarm !== undefined &&
    typeof state.data.farm_address === 'string' &&
    !isSameAddress(state.data.farm_address, requestedFarm);
  const shouldAutoAdvance =
    isAutoAdvance &&
    !isHeldForChoice &&
    !error &&
    !isSending &&
    !isResuming &&
    nextEvent === 'GET_NEXT_STEP' &&
    state.name !== startState;
  useEffect(() => {
    if (shouldAutoAdvance) send('GET_NEXT_STEP');
  }, [shouldAutoAdvance, send]);

  return {
    state,
    error,
    isSending,
    isResuming,
    isAutoAdvance,
    setIsAutoAdvance,
    send,
    continueImport,
    reset,
    clearError,
    notice,
    cancel,
    openImport,
    startInstead,
  };
}
