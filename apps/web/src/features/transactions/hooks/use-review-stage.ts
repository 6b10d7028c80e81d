import { type Dispatch, useEffect, useRef, useState } from 'react';
import { type Address, getAddress } from 'viem';
import { toWalletRequestError, walletErrorCodes } from '../../../lib/wallet/wallet-messages.ts';
import { reviewCall } from '../review-call.ts';
import type { RunnerEvent, RunnerState } from '../transaction-state.ts';
import type { TransactionRequest } from '../types.ts';
import type { WalletClients } from './use-wallet-clients.ts';

/** A signature the call needs (a permit), waiting for the person's click; `isSigning` once the wallet asks. */
export type SignatureRequest = { purpose: string; isSigning: boolean; sign: () => void };

/**
 * While the run is 'preparing' and the wallet checks passed (`clients` set), builds the call (a permit may
 * be signed), simulates it and estimates its gas, once per preparation: neither a parent that makes a new
 * request object on every render nor StrictMode's second effect starts it again (a second signature prompt).
 * A signature the call needs is returned as a request: the wallet is asked when the person clicks.
 * A rejected signature reads as the spec's rejection; other failures let the person try again.
 */
export function useReviewStage(
  state: RunnerState,
  dispatch: Dispatch<RunnerEvent>,
  context: { request: TransactionRequest; account: Address; chainId: number; clients: WalletClients | null },
) {
  const latest = useRef(context);
  latest.current = context;
  const started = useRef<RunnerState | null>(null);
  const [signature, setSignature] = useState<SignatureRequest | null>(null);
  const { clients } = context;
  useEffect(() => {
    if (state.stage !== 'preparing' || !clients || started.current === state) return;
    started.current = state;
    const { request, account, chainId } = latest.current;
    const { publicClient, walletClient } = clients;
    const from = getAddress(account);
    void reviewCall(request, {
      account: from,
      chainId,
      client: publicClient,
      // The wallet is asked only from the person's click on what the runner shows ('sign the permit').
      signTypedData: (typed, purpose) =>
        new Promise((resolve, reject) => {
          const sign = () => {
            setSignature({ purpose, isSigning: true, sign: () => undefined });
            walletClient
              .signTypedData({ ...typed, account: from } as never)
              .then(resolve, reject)
              .finally(() => setSignature(null));
          };
          setSignature({ purpose, isSigning: false, sign });
        }),
      latestBlockTimestamp: async () => (await publicClient.getBlock({ blockTag: 'latest' })).timestamp,
    }).then(
      (result) => {
        if (result.kind === 'reverts') {
          dispatch({ type: 'simulation reverted', reason: result.reason, from: state });
        } else dispatch({ type: 'reviewed', review: result.review, from: state });
      },
      (error: unknown) => {
        const walletError = toWalletRequestError(error);
        const type = walletError.code === walletErrorCodes.rejected ? 'rejected' : 'unavailable';
        dispatch({ type, message: walletError.message, from: state });
      },
    );
  }, [state, clients, dispatch]);
  return state.stage === 'preparing' ? signature : null;
}
