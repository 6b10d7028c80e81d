import type { ListedVault } from '../../../core/farm-index/vault-registry.ts';
import { fetchSteerVaults, type SteerApiOptions } from './steer-api.ts';

/** How long an answer of Steer's API is used (QuickSwap's interface asks again every 5 minutes). */
const freshForMs = 5 * 60_000;
/** How long a failure is remembered: the tool's reads do not each wait on an API that is down. */
const failureForMs = 60_000;

/**
 * Steer's vaults on QuickSwap, asked of its API at most once per 5 minutes per process (one request in flight
 * at a time); a failure is answered again for a minute, then asked anew.
 */
export function cachedSteerVaults(
  options: SteerApiOptions,
  chainId: number,
  now: () => Date = () => new Date(),
): () => Promise<readonly ListedVault[]> {
  let last: { at: number; answer: Promise<readonly ListedVault[]>; failed: boolean } | null = null;
  return () => {
    const at = now().getTime();
    if (last && at - last.at < (last.failed ? failureForMs : freshForMs)) return last.answer;
    const entry = { at, answer: fetchSteerVaults(options, chainId), failed: false };
    entry.answer.catch(() => {
      entry.failed = true;
    });
    last = entry;
    return entry.answer;
  };
}
