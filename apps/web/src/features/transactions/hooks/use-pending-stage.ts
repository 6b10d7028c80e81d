import { type Dispatch, useEffect, useRef } from 'react';
import { explainFailure } from '../explain-failure.ts';
import { savePendingTransaction } from '../pending-store.ts';
import type { RunnerEvent, RunnerState } from '../transaction-state.ts';
import { waitForMined } from '../wait-for-mined.ts';
import type { WalletClients } from './use-wallet-clients.ts';

/**
 * While a transaction is pending, waits for its receipt or its replacement's (through the wallet's node, so
 * only once the wallet checks passed); a reverted one is then explained by replaying it at its block.
 */
export function usePendingStage(
  state: RunnerState,
  dispatch: Dispatch<RunnerEvent>,
  context: { wallet: string; stepKey: string; clients: WalletClients | null },
) {
  const { wallet, stepKey, clients } = context;
  const pending = state.stage === 'pending' ? state.pending : null;
  // The wait belongs to the hash: a nonce read along the way does not start it again.
  const latestPending = useRef(pending);
  latestPending.current = pending;
  const hash = pending?.hash ?? null;
  useEffect(() => {
    const pending = latestPending.current;
    if (!hash || !pending || !clients) return;
    const controller = new AbortController();
    const { publicClient } = clients;
    void waitForMined(
      publicClient,
      pending,
      {
        onNonce: (nonce) => {
          savePendingTransaction(wallet, stepKey, { ...pending, nonce });
          dispatch({ type: 'nonce read', nonce });
        },
        onProblem: (message) => dispatch({ type: 'wait problem', message }),
      },
      controller.signal,
    ).then((result) => {
      if (!result) return;
      dispatch({ type: 'mined', ...result });
      if (result.mined.status === 'reverted') {
        void explainFailure(publicClient, result.mined.hash, result.mined.blockNumber).then(
          (reason) => {
            if (reason) dispatch({ type: 'failure explained', reason });
          },
          () => undefined,
        );
      }
    });
    return () => controller.abort();
  }, [hash, clients, wallet, stepKey, dispatch]);
}
