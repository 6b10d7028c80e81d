import type { SentTransactionKind } from '@tidewatch/shared/recovery';
import type { Address, Hash } from 'viem';
import type { PendingTransaction } from './pending-store.ts';
import type { PreparedCall, TransactionRequest } from './types.ts';

/** What the confirmation names: the contract, its function and what arrives (the request's, or the call's own). */
export type CallDisplay = Pick<
  TransactionRequest,
  'stepKind' | 'contractLabel' | 'functionSignature' | 'receives'
> & { address: Address | null };

/** A call simulated at the latest block, with its gas. */
export type Review = {
  call: PreparedCall;
  display: CallDisplay;
  gasUnits: bigint;
  gasPriceWei: bigint;
};

/** A transaction the wallet replaced with another of the same nonce (sped up, changed or cancelled). */
export type Replacement = { reason: 'replaced' | 'cancelled' | 'repriced'; hash: Hash };

export type MinedTransaction = {
  hash: Hash;
  status: 'success' | 'reverted';
  blockNumber: bigint;
  gasUsed: bigint;
  to: Address | null;
};

/**
 * The runner's stages, one at a time (the wallet checks come before all of them and are read from the
 * wallet itself, not kept here):
 * - preparing: building the call from fresh reads (a permit may be signed), simulating it, estimating gas;
 * - reverts: the simulation reverted: the reason, and nothing can be sent;
 * - unavailable: the call could not be built or simulated (the network, the wallet): try again;
 * - review: what the transaction does and costs, waiting for 'confirm in wallet';
 * - sending: the wallet's prompt is open;
 * - rejected: the person said no in the wallet, nothing was sent;
 * - pending: sent, waiting for its receipt (or a replacement's); `waitProblem` while the network fails;
 * - mined: a receipt, the original's or its replacement's; `revertReason` once a failure is explained;
 * - cancelled: the wallet replaced it with a cancellation: nothing was done.
 */
export type RunnerState =
  | { stage: 'preparing' }
  | { stage: 'reverts'; reason: string }
  | { stage: 'unavailable'; message: string }
  | { stage: 'review'; review: Review }
  | { stage: 'sending'; review: Review }
  | { stage: 'rejected'; message: string }
  | { stage: 'pending'; pending: PendingTransaction; waitProblem: string | null }
  | {
      stage: 'mined';
      stepKind: SentTransactionKind;
      mined: MinedTransaction;
      replacement: Replacement | null;
      revertReason: string | null;
    }
  | { stage: 'cancelled'; replacement: Replacement };

/** What a preparation ended with; `from` is the 'preparing' state it answers (a later one ignores it). */
type PreparedEvent =
  | { type: 'reviewed'; review: Review }
  | { type: 'simulation reverted'; reason: string }
  | { type: 'unavailable'; message: string }
  | { type: 'rejected'; message: string };

export type RunnerEvent =
  | { type: 'prepare' }
  | (PreparedEvent & { from: RunnerState })
  | { type: 'send' }
  | { type: 'send failed'; event: Extract<PreparedEvent, { type: 'unavailable' | 'rejected' }> }
  | { type: 'sent'; pending: PendingTransaction }
  | { type: 'wait problem'; message: string | null }
  | { type: 'nonce read'; nonce: number }
  | { type: 'mined'; mined: MinedTransaction; replacement: Replacement | null }
  | { type: 'failure explained'; reason: string };

/** A stored hash resumes the wait; otherwise the run starts by preparing the call. */
export function initialRunnerState(stored: PendingTransaction | null): RunnerState {
  return stored ? { stage: 'pending', pending: stored, waitProblem: null } : { stage: 'preparing' };
}

function afterPreparing(event: PreparedEvent): RunnerState {
  switch (event.type) {
    case 'reviewed':
      return { stage: 'review', review: event.review };
    case 'simulation reverted':
      return { stage: 'reverts', reason: event.reason };
    case 'unavailable':
      return { stage: 'unavailable', message: event.message };
    case 'rejected':
      return { stage: 'rejected', message: event.message };
  }
}

/**
 * The runner's next stage. An event that does not fit the current stage (a late answer from a run the
 * person already moved past) leaves the state as it is: a transaction is never sent from a stale review.
 */
export function runnerReducer(state: RunnerState, event: RunnerEvent): RunnerState {
  switch (event.type) {
    case 'prepare':
      return ['reverts', 'unavailable', 'rejected', 'cancelled', 'review'].includes(state.stage)
        ? { stage: 'preparing' }
        : state;
    case 'reviewed':
    case 'simulation reverted':
    case 'unavailable':
    case 'rejected':
      return state === event.from ? afterPreparing(event) : state;
    case 'send':
      return state.stage === 'review' ? { stage: 'sending', review: state.review } : state;
    case 'send failed':
      return state.stage === 'sending' ? afterPreparing(event.event) : state;
    case 'sent':
      return state.stage === 'sending'
        ? { stage: 'pending', pending: event.pending, waitProblem: null }
        : state;
    case 'wait problem':
      return state.stage === 'pending' ? { ...state, waitProblem: event.message } : state;
    case 'nonce read':
      return state.stage === 'pending'
        ? { ...state, pending: { ...state.pending, nonce: event.nonce } }
        : state;
    case 'mined':
      if (state.stage !== 'pending') return state;
      if (event.replacement?.reason === 'cancelled')
        return { stage: 'cancelled', replacement: event.replacement };
      return {
        stage: 'mined',
        stepKind: state.pending.stepKind,
        mined: event.mined,
        replacement: event.replacement,
        revertReason: null,
      };
    case 'failure explained':
      return state.stage === 'mined' ? { ...state, revertReason: event.reason } : state;
  }
}
