import { AppError } from '@tidewatch/shared';
import type { RecordTransaction, WalletTransaction } from '@tidewatch/shared/recovery';
import { useEffect, useRef } from 'react';
import { isRetryable } from '../../../lib/retryable.ts';
import { type RecordRetry, useRecordTransaction } from '../api/record-transaction.ts';
import { clearPendingTransaction } from '../pending-store.ts';
import { transactionEnvironment } from '../transaction-environment.ts';
import type { RunnerState } from '../transaction-state.ts';
import type { TransactionOutcome, TransactionRunnerProps } from '../types.ts';

export type RecordStage = {
  /** The server's record of the mined transaction (its gas), once in. */
  recorded: WalletTransaction | undefined;
  error: unknown;
  isRecording: boolean;
  retry: () => void;
};

/** How many times a record is tried again before the page says it failed (the hash is kept). */
const recordRetries = 4;

/**
 * Whether the record may pass later: what may pass for any request, and the server's 404 (its node does not
 * know the hash yet) and 409 (not mined there yet): the receipt exists, that node is behind ours.
 */
function isRecordRetryable(error: unknown): boolean {
  if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 409)) return true;
  return isRetryable(error);
}

/** Tried again, waiting twice as long each time, while the error may pass. */
const recordRetry: RecordRetry = {
  retry: (failureCount, error) => failureCount < recordRetries && isRecordRetryable(error),
  retryDelay: (attempt) => transactionEnvironment.recordRetryDelayMs * 2 ** attempt,
};

/** `key`: the mined hash, or the stage itself (each rejection finishes once). */
type Finished = { key: unknown; outcome: TransactionOutcome; record: RecordTransaction | null };

/** How a finished run ended and what to report of it; null while the run goes on. */
function getFinished(state: RunnerState, wallet: string, isReported: boolean): Finished | null {
  if (state.stage === 'mined') {
    return {
      key: state.mined.hash,
      outcome: state.mined.status === 'success' ? 'confirmed' : 'failed',
      record: isReported
        ? { wallet_address: wallet, tx_hash: state.mined.hash, step_kind: state.stepKind }
        : null,
    };
  }
  if (state.stage === 'cancelled' || state.stage === 'rejected')
    return { key: state, outcome: 'rejected', record: null };
  return null;
}

/**
 * After a receipt (the original's or its replacement's) reports the transaction to the server, once per
 * hash, then calls `onFinished`; a rejection or a cancellation finishes with nothing to report. The pending
 * hash is forgotten once the server has it (or refused it for good); a record that failed for now (the
 * network, or the server's node not having the receipt yet: 404, 409) is tried again with back-off, and
 * keeps the hash after that, so a reload reports it again.
 */
export function useRecordStage(
  state: RunnerState,
  context: {
    wallet: string;
    stepKey: string;
    onFinished: TransactionRunnerProps['onFinished'];
    /** False for a send on another chain than Polygon: nothing is reported (issue 47). */
    isReported?: boolean;
  },
): RecordStage {
  const { wallet, stepKey } = context;
  const record = useRecordTransaction(recordRetry);
  const finished = getFinished(state, wallet, context.isReported ?? true);
  const latest = useRef({ finished, onFinished: context.onFinished, mutateAsync: record.mutateAsync });
  latest.current = { finished, onFinished: context.onFinished, mutateAsync: record.mutateAsync };
  const reported = useRef<unknown>(null);
  const finishedKey = finished?.key ?? null;

  useEffect(() => {
    const { finished: current, onFinished, mutateAsync } = latest.current;
    if (!finishedKey || !current || reported.current === finishedKey) return;
    reported.current = finishedKey;
    if (!current.record) {
      // Rejected, or cancelled in the wallet (the nonce's transaction did nothing): the step can run again. Or
      // mined on a chain the server does not keep books of: nothing to report, the wait is over.
      clearPendingTransaction(wallet, stepKey);
      onFinished?.(current.outcome);
      return;
    }
    // The promise, not mutate's callbacks: those are dropped when the runner unmounts first.
    void mutateAsync(current.record)
      .then(
        () => clearPendingTransaction(wallet, stepKey),
        (error: unknown) => {
          if (!isRecordRetryable(error)) clearPendingTransaction(wallet, stepKey);
        },
      )
      .finally(() => onFinished?.(current.outcome));
  }, [finishedKey, wallet, stepKey]);

  return {
    recorded: record.data,
    error: record.error,
    isRecording: record.isPending,
    retry: () => {
      const current = latest.current.finished;
      if (!current?.record) return;
      void record.mutateAsync(current.record).then(
        () => clearPendingTransaction(wallet, stepKey),
        () => undefined,
      );
    },
  };
}
