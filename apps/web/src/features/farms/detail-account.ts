import type { TrackedSummary } from '@tidewatch/shared';
import { isSameAddress } from '@tidewatch/shared/same-address';

/**
 * Whose position a farm's detail shows: the connected wallet when the user tracks the farm with it, else the
 * first wallet tracking it; undefined when no wallet of the user tracks it (the farm's public figures only).
 * One function for the screen and the route's loader, so the loader fetches the detail the screen asks for.
 */
export function pickDetailAccount(
  summary: TrackedSummary | undefined,
  farmAddress: string,
  connected: string | undefined,
): string | undefined {
  const items = summary ? [...summary.lp_mining, ...summary.dual_mining] : [];
  const trackers = items
    .filter((item) => isSameAddress(item.farm.address, farmAddress))
    .map((item) => item.account_address)
    .filter((address): address is string => Boolean(address));
  return trackers.find((address) => isSameAddress(address, connected)) ?? trackers[0];
}
