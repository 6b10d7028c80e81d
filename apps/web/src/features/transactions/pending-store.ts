import type { SentTransactionKind } from '@tidewatch/shared/recovery';
import type { Address, Hash } from 'viem';

/**
 * The hash of a sent transaction, kept in localStorage per (wallet, step) until its receipt is recorded: a
 * reload, a closed tab or an RPC outage resumes waiting from it, and the step is never sent twice.
 */
export type PendingTransaction = {
  hash: Hash;
  from: Address;
  /** The sender's nonce, once read: the wait then detects a transaction replaced in the wallet. */
  nonce: number | null;
  /** What was sent (the request's kind, or `approve` sent in its place), as the server records it. */
  stepKind: SentTransactionKind;
};

const keyPrefix = 'tidewatch.pendingTransaction';

function storageKey(wallet: string, stepKey: string): string {
  return `${keyPrefix}:${wallet.toLowerCase()}:${stepKey}`;
}

function isPendingTransaction(value: unknown): value is PendingTransaction {
  const candidate = value as Partial<PendingTransaction> | null;
  return (
    typeof candidate?.hash === 'string' &&
    /^0x[0-9a-fA-F]{64}$/.test(candidate.hash) &&
    typeof candidate.from === 'string' &&
    typeof candidate.stepKind === 'string' &&
    (candidate.nonce === null || typeof candidate.nonce === 'number')
  );
}

/** The transaction sent for this step and not yet recorded, or null. */
export function readPendingTransaction(wallet: string, stepKey: string): PendingTransaction | null {
  try {
    const stored = window.localStorage.getItem(storageKey(wallet, stepKey));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return isPendingTransaction(parsed) ? parsed : null;
  } catch {
    // Storage refused (private mode) or a value this version cannot read: nothing to resume.
    return null;
  }
}

/** Whether a transaction of this step was sent and its receipt not yet recorded. */
export function hasPendingTransaction(wallet: string, stepKey: string): boolean {
  return readPendingTransaction(wallet, stepKey) !== null;
}

/** The keys of every step of this wallet with a transaction sent and not yet recorded. */
export function listPendingStepKeys(wallet: string): string[] {
  const prefix = storageKey(wallet, '');
  try {
    const keys: string[] = [];
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key?.startsWith(prefix) && hasPendingTransaction(wallet, key.slice(prefix.length)))
        keys.push(key.slice(prefix.length));
    }
    return keys;
  } catch {
    // Storage refused: nothing was kept to resume.
    return [];
  }
}

export function savePendingTransaction(wallet: string, stepKey: string, pending: PendingTransaction): void {
  try {
    window.localStorage.setItem(storageKey(wallet, stepKey), JSON.stringify(pending));
  } catch {
    // Without storage the wait still runs in this page; only a reload would lose the hash.
  }
}

export function clearPendingTransaction(wallet: string, stepKey: string): void {
  try {
    window.localStorage.removeItem(storageKey(wallet, stepKey));
  } catch {
    // Nothing was stored.
  }
}

/** The key a request's pending hash is stored under. */
export function getStepKey(request: { key?: string; stepKind: string; contractLabel: string }): string {
  return request.key ?? `${request.stepKind}:${request.contractLabel}`;
}
