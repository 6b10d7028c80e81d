import { act, waitFor } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import type {
  TransactionOutcome,
  TransactionRequest,
  TransactionRunnerProps,
} from './position-actions-runner.ts';

/**
 * A stand-in for the transactions feature's runner in the position actions' tests: it records what it was
 * asked to send, shows the function, and lets the test end the run as the wallet and chain would. The real
 * runner (simulation, gas, wallet prompts) is tested in its own feature.
 */
type Run = {
  wallet: string;
  request: TransactionRequest;
  /** The call the request builds, as the runner would before simulating it. */
  call(): ReturnType<TransactionRequest['prepare']>;
  /** Ends the run with `outcome`, as the runner reports it. */
  finish(outcome: TransactionOutcome): void;
};

const runs: Run[] = [];
/** `${wallet}:${step key}` of the transactions the browser holds as pending (sent, no receipt yet). */
const pending = new Set<string>();

function FakeTransactionRunner({ wallet, request, onFinished }: TransactionRunnerProps) {
  // The latest callback, as a runner calls the one it was last given; a run is one request.
  const finished = useRef(onFinished);
  finished.current = onFinished;
  useEffect(() => {
    runs.push({
      wallet,
      request,
      // The farm's reads answer 0: what arrives is tested with the real runner (position-actions-gas).
      call: () =>
        request.prepare({
          account: wallet,
          client: { readContract: async () => 0n },
        } as unknown as Parameters<TransactionRequest['prepare']>[0]),
      finish: (outcome) => act(() => finished.current?.(outcome)),
    });
  }, [wallet, request]);
  return <p>runner: {request.functionSignature}</p>;
}

/** What `vi.mock('./position-actions-runner.ts', …)` answers. */
export const runnerModule = {
  TransactionRunner: FakeTransactionRunner,
  hasPendingTransaction: (wallet: string, stepKey: string) =>
    pending.has(`${wallet.toLowerCase()}:${stepKey}`),
};

export const fakeRunner = {
  runs,
  reset: () => {
    runs.length = 0;
    pending.clear();
  },
  /** The browser holds a pending transaction of `wallet` for the step `stepKey`. */
  holdPending: (wallet: string, stepKey: string) => pending.add(`${wallet.toLowerCase()}:${stepKey}`),
  /** The run the screen opened last, once it has opened one. */
  async opened(): Promise<Run> {
    await waitFor(() => {
      if (runs.length === 0) throw new Error('no transaction runner was opened');
    });
    return runs[runs.length - 1] as Run;
  },
};
