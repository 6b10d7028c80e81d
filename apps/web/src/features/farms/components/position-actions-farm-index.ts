import { isFarmIndexed } from '../../discovery/api/discovery.ts';

/**
 * Why a position's farm may not be sent to, or null when the farm index lists it: a farm tracked or imported by
 * address but never verified by the index would have its record refused by the server, after the person paid
 * the gas. Rejects when the index cannot be read.
 */
export async function refuseUnindexedFarm(farmAddress: string): Promise<string | null> {
  return (await isFarmIndexed(farmAddress))
    ? null
    : `${farmAddress} is not in QuickSwap's farm index: Tidewatch sends nothing to a farm it has not verified`;
}
