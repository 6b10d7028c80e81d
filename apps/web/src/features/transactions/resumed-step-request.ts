import type { SentTransactionKind } from '@tidewatch/shared/recovery';
import type { TransactionRequest } from './types.ts';

/**
 * The runner's request for a transaction sent earlier under `stepKey` whose step the plan no longer lists (it
 * was mined while the page was closed): the runner starts from the stored hash, follows it to its receipt
 * and records it. Nothing is ever prepared or sent from it.
 * @example <TransactionRunner wallet={address} request={resumedStepRequest(key, 'exit', plan.pol_usd)} />
 */
export function resumedStepRequest(
  stepKey: string,
  stepKind: SentTransactionKind,
  polUsd: number | null,
): TransactionRequest {
  return {
    stepKind,
    contractLabel: 'a step sent earlier',
    functionSignature: stepKind,
    receives: [],
    polUsd,
    key: stepKey,
    prepare() {
      return Promise.reject(new Error('this step was sent already: it is followed from its hash'));
    },
  };
}
