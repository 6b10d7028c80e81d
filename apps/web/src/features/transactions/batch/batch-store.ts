import type { SentTransactionKind } from '@tidewatch/shared/recovery';

/**
 * The id of a batch sent with wallet_sendCalls, kept in localStorage per (wallet, batch key) until its receipts are
 * recorded: a reload resumes following it (wallet_getCallsStatus), and the batch is never sent twice.
 */
export type PendingBatch = { id: string; kinds: SentTransactionKind[] };

const storageKey = (wallet: string, key: string) => `tidewatch.pendingBatch:${wallet.toLowerCase()}:${key}`;

export function readPendingBatch(wallet: string, key: string): PendingBatch | null {
  try {
    const parsed = JSON.parse(
      window.localStorage.getItem(storageKey(wallet, key)) ?? 'null',
    ) as PendingBatch | null;
    return parsed && typeof parsed.id === 'string' && Array.isArray(parsed.kinds) ? parsed : null;
  } catch {
    // Storage refused, or a value this version cannot read: nothing to resume.
    return null;
  }
}

export function savePendingBatch(wallet: string, key: string, batch: PendingBatch): void {
  try {
    window.localStorage.setItem(storageKey(wallet, key), JSON.stringify(batch));
  } catch {
    // Without storage the wait still runs in this page; only a reload would lose the id.
  }
}

export function clearPendingBatch(wallet: string, key: string): void {
  try {
    window.localStorage.removeItem(storageKey(wallet, key));
  } catch {
    // Nothing was stored.
  }
}

/** Whether a batch of this key was sent and its receipts not yet recorded. */
export const hasPendingBatch = (wallet: string, key: string) => readPendingBatch(wallet, key) !== null;
