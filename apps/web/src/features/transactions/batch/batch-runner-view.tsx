import { useEffect, useRef, useState } from 'react';
import { type Address, encodeFunctionData, getAddress, type Hash } from 'viem';
import { polygon } from 'viem/chains';
import { Button, Spinner, SuccessBanner } from '../../../components/index.ts';
import { useWallet } from '../../../lib/wallet/index.ts';
import { toWalletRequestError, walletErrorCodes } from '../../../lib/wallet/wallet-messages.ts';
import { recordTransaction } from '../api/record-transaction.ts';
import { CallSummary } from '../components/call-summary.tsx';
import { NotSentPanel } from '../components/outcome-panel.tsx';
import { WalletCheckPanel } from '../components/wallet-check-panel.tsx';
import { formatGas } from '../format-gas.ts';
import { useWalletClients } from '../hooks/use-wallet-clients.ts';
import type { TransactionOutcome, TransactionRequest } from '../types.ts';
import { checkWallet } from '../wallet-check.ts';
import { clearPendingBatch, readPendingBatch, savePendingBatch } from './batch-store.ts';
import { type BatchReview, reviewBatch } from './review-batch.ts';

export type BatchRunnerProps = {
  wallet: Address;
  /** The steps, in the order they run; each builds its call as the runner's requests do. */
  requests: TransactionRequest[];
  /** Names the batch for the id kept in the browser (a reload follows it, never sends twice). */
  batchKey: string;
  polUsd: number | null;
  onFinished?(outcome: TransactionOutcome): void;
};

type Receipt = { transactionHash: Hash; blockNumber: bigint };

type BatchState =
  | { stage: 'preparing' }
  | { stage: 'reverts'; index: number; reason: string }
  | { stage: 'unavailable'; message: string }
  | { stage: 'review' | 'sending'; review: BatchReview }
  | { stage: 'rejected'; message: string }
  | { stage: 'pending'; id: string; problem: string | null }
  | { stage: 'done'; isSuccess: boolean; receipts: Receipt[] };

/** How often the batch's status is asked of the wallet while it is pending. */
const statusPollMs = 1_000;

/**
 * Several steps in one wallet prompt (issue 46, EIP-5792), for a wallet that reports atomic batching: every step
 * built and simulated as a whole (each seeing the ones before it), shown step by step with the gas of all, sent with
 * wallet_sendCalls (all or nothing), followed with wallet_getCallsStatus (the id kept in the browser: a reload
 * follows it, nothing is sent twice), then each step's receipt reported to the server.
 */
export function BatchRunnerView({ wallet, requests, batchKey, polUsd, onFinished }: BatchRunnerProps) {
  const connection = useWallet();
  const check = checkWallet(connection, wallet);
  const clients = useWalletClients();
  const ready = check.kind === 'ready' ? clients : null;
  const [state, setState] = useState<BatchState>(() => {
    const stored = readPendingBatch(wallet, batchKey);
    return stored ? { stage: 'pending', id: stored.id, problem: null } : { stage: 'preparing' };
  });
  const latest = useRef({ requests, onFinished });
  latest.current = { requests, onFinished };

  useEffect(() => {
    if (state.stage !== 'preparing' || !ready) return;
    let isCurrent = true;
    const account = getAddress(wallet);
    reviewBatch(latest.current.requests, {
      account,
      chainId: connection.chainId ?? 0,
      client: ready.publicClient,
      signTypedData: () => Promise.reject(new Error('a step of a batch cannot ask for a signature')),
      latestBlockTimestamp: async () => (await ready.publicClient.getBlock({ blockTag: 'latest' })).timestamp,
    }).then(
      (result) => {
        if (!isCurrent) return;
        setState(
          result.kind === 'reviewed'
            ? { stage: 'review', review: result.review }
            : { stage: 'reverts', ...result },
        );
      },
      (error: unknown) => {
        if (isCurrent) setState({ stage: 'unavailable', message: toWalletRequestError(error).message });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [state.stage, ready, wallet, connection.chainId]);

  const pendingId = state.stage === 'pending' ? state.id : null;
  useEffect(() => {
    if (!pendingId || !ready) return;
    let isCurrent = true;
    const follow = async () => {
      while (isCurrent) {
        try {
          const status = await ready.walletClient.getCallsStatus({ id: pendingId });
          if (status.status !== 'pending')
            return finish(status.status === 'success', (status.receipts ?? []) as Receipt[]);
        } catch (error) {
          if (isCurrent)
            setState({ stage: 'pending', id: pendingId, problem: toWalletRequestError(error).message });
        }
        await new Promise((resolve) => setTimeout(resolve, statusPollMs));
      }
    };
    const finish = async (isSuccess: boolean, receipts: Receipt[]) => {
      const kinds =
        readPendingBatch(wallet, batchKey)?.kinds ?? latest.current.requests.map((r) => r.stepKind);
      if (isCurrent) setState({ stage: 'done', isSuccess, receipts });
      // Each step's own transaction is reported as the step it is (after the page says it is mined: the server
      // waits for its own node to know it); a wallet that mined the batch as one transaction of its own
      // (EIP-7702) gives one receipt, which no single step's check accepts.
      if (isSuccess && receipts.length === kinds.length) {
        await Promise.allSettled(
          receipts.map((receipt, i) =>
            recordTransaction({
              wallet_address: wallet,
              tx_hash: receipt.transactionHash,
              step_kind: kinds[i]!,
            }),
          ),
        );
      }
      clearPendingBatch(wallet, batchKey);
      latest.current.onFinished?.(isSuccess ? 'confirmed' : 'failed');
    };
    void follow();
    return () => {
      isCurrent = false;
    };
  }, [pendingId, ready, wallet, batchKey]);

  const confirm = async (review: BatchReview) => {
    if (!ready) return;
    setState({ stage: 'sending', review });
    try {
      const { id } = await ready.walletClient.sendCalls({
        account: getAddress(wallet),
        chain: polygon,
        forceAtomic: true,
        calls: review.calls.map((call) => ({
          to: call.address,
          data: encodeFunctionData({
            abi: call.abi,
            functionName: call.functionName,
            args: call.args,
          } as never),
        })),
      });
      // Kept before anything else: from here on a reload follows the batch instead of sending it again.
      savePendingBatch(wallet, batchKey, { id, kinds: latest.current.requests.map((r) => r.stepKind) });
      setState({ stage: 'pending', id, problem: null });
    } catch (error) {
      const walletError = toWalletRequestError(error);
      const isRejected = walletError.code === walletErrorCodes.rejected;
      setState(
        isRejected
          ? { stage: 'rejected', message: walletError.message }
          : { stage: 'unavailable', message: walletError.message },
      );
      // Nothing was sent: the screen may offer its steps again (one by one, or the batch once more).
      if (isRejected) latest.current.onFinished?.('rejected');
    }
  };
  const retry = () => setState({ stage: 'preparing' });

  return (
    <section
      aria-label="transactions in one wallet prompt"
      className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
    >
      {check.kind === 'ready' || state.stage === 'done' ? null : (
        <WalletCheckPanel check={check} wallet={wallet} />
      )}
      <BatchStage
        state={state}
        requests={requests}
        polUsd={polUsd}
        canConfirm={check.kind === 'ready'}
        onConfirm={confirm}
        onRetry={retry}
      />
    </section>
  );
}

function BatchStage({
  state,
  requests,
  polUsd,
  canConfirm,
  onConfirm,
  onRetry,
}: {
  state: BatchState;
  requests: TransactionRequest[];
  polUsd: number | null;
  canConfirm: boolean;
  onConfirm(review: BatchReview): void;
  onRetry(): void;
}) {
  switch (state.stage) {
    case 'preparing':
      return <Spinner label="simulating every step together at the latest block…" />;
    case 'reverts':
      return (
        <div className="space-y-2">
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            step {state.index + 1} ({requests[state.index]?.functionSignature}) would revert: {state.reason}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">nothing was sent</p>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            try again
          </Button>
        </div>
      );
    case 'unavailable':
      return (
        <NotSentPanel message={`the transactions could not be checked: ${state.message}`} onRetry={onRetry} />
      );
    case 'rejected':
      return <NotSentPanel message={state.message} onRetry={onRetry} />;
    case 'review':
    case 'sending':
      return (
        <div className="space-y-3">
          <ol aria-label="steps in this batch" className="space-y-3">
            {state.review.displays.map((display, i) => (
              <li
                key={requests[i]?.key ?? display.functionSignature}
                aria-label={`step ${i + 1}: ${display.functionSignature}`}
              >
                <p className="text-sm font-medium text-slate-800 dark:text-slate-200">step {i + 1}</p>
                <CallSummary display={display} />
              </li>
            ))}
          </ol>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            gas: about {formatGas(state.review.gasUnits, state.review.gasPriceWei, polUsd)} for all
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            simulated together from your account at the latest block: none reverts; the wallet runs all or
            none
          </p>
          <Button
            size="sm"
            isLoading={state.stage === 'sending'}
            disabled={!canConfirm}
            onClick={() => onConfirm(state.review)}
          >
            {state.stage === 'sending' ? 'confirm in MetaMask…' : 'confirm all in wallet'}
          </Button>
        </div>
      );
    case 'pending':
      return (
        <div className="space-y-1 text-sm">
          <Spinner label={`waiting for the batch ${state.id.slice(0, 10)}… to be mined`} />
          {state.problem ? <p className="text-amber-800 dark:text-amber-300">{state.problem}</p> : null}
        </div>
      );
    case 'done':
      return state.isSuccess ? (
        <SuccessBanner
          messages={`all ${state.receipts.length} confirmed in block ${state.receipts[0]?.blockNumber ?? ''}`}
        />
      ) : (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          the batch failed: nothing it held took effect
        </p>
      );
  }
}
