import { useCallback, useReducer } from 'react';
import { useWallet } from '../../../lib/wallet/index.ts';
import { toWalletRequestError, walletErrorCodes } from '../../../lib/wallet/wallet-messages.ts';
import { getStepKey, readPendingTransaction, savePendingTransaction } from '../pending-store.ts';
import { sendReviewedCall } from '../send-call.ts';
import { initialRunnerState, runnerReducer } from '../transaction-state.ts';
import type { TransactionRunnerProps } from '../types.ts';
import { checkWallet, polygonChainId } from '../wallet-check.ts';

/** Whether the server is told of the mined transaction: its books and checks read Polygon only. */
const isReportedChain = (request: TransactionRunnerProps['request']) =>
  (request.chainId ?? polygonChainId) === polygonChainId;

import { usePendingStage } from './use-pending-stage.ts';
import { useRecordStage } from './use-record-stage.ts';
import { useReviewStage } from './use-review-stage.ts';
import { useWalletClients } from './use-wallet-clients.ts';

/**
 * One transaction from review to record: the wallet checks first, then each stage's hook (review, the
 * wait, the record) acts while the run is in its stage. `confirm` sends from the click itself, never from
 * an effect, so nothing is sent twice.
 */
export function useTransactionRun({ wallet, request, onFinished }: TransactionRunnerProps) {
  const stepKey = getStepKey(request);
  const [state, dispatch] = useReducer(runnerReducer, null, () =>
    initialRunnerState(readPendingTransaction(wallet, stepKey)),
  );
  const connection = useWallet();
  const check = checkWallet(connection, wallet, request.chainId);
  const clients = useWalletClients();
  const readyClients = check.kind === 'ready' ? clients : null;

  const signature = useReviewStage(state, dispatch, {
    request,
    account: wallet,
    chainId: connection.chainId ?? 0,
    clients: readyClients,
  });
  usePendingStage(state, dispatch, { wallet, stepKey, clients: readyClients });
  const record = useRecordStage(state, { wallet, stepKey, onFinished, isReported: isReportedChain(request) });

  const review = state.stage === 'review' ? state.review : null;
  const confirm = useCallback(async () => {
    if (!review || !readyClients) return;
    dispatch({ type: 'send' });
    try {
      const hash = await sendReviewedCall(readyClients.walletClient, wallet, review, request.chainId);
      const pending = { hash, from: wallet, nonce: null, stepKind: review.display.stepKind };
      // Kept before anything else: from here on a reload resumes the wait instead of sending again.
      savePendingTransaction(wallet, stepKey, pending);
      dispatch({ type: 'sent', pending });
    } catch (error) {
      const walletError = toWalletRequestError(error);
      const type = walletError.code === walletErrorCodes.rejected ? 'rejected' : 'unavailable';
      dispatch({ type: 'send failed', event: { type, message: walletError.message } });
    }
  }, [review, readyClients, wallet, stepKey, request.chainId]);

  const retry = useCallback(() => dispatch({ type: 'prepare' }), []);

  return { state, check, connection, confirm, retry, record, signature };
}
