import { type FarmIndexPage, farmIndexPageSchema } from '@tidewatch/shared';
import { api } from '../../../lib/api-client.ts';

/**
 * Why a position's farm may not be sent to, or null when the farm index lists it (GET
 * /api/quickswap/farm-index?token=<farm>, which matches a farm by its address): a farm tracked or imported
 * by address but never verified by the index would have its record refused by the server, after the person
 * paid the gas. Rejects when the index cannot be read.
 */
export async function refuseUnindexedFarm(farmAddress: string): Promise<string | null> {
  const query = new URLSearchParams({ token: farmAddress, status: 'all', per_page: '100' });
  const page: FarmIndexPage = await api.get(`/quickswap/farm-index?${query}`, {
    schema: farmIndexPageSchema,
  });
  const isListed = page.items.some((farm) => farm.address.toLowerCase() === farmAddress.toLowerCase());
  return isListed
    ? null
    : `${farmAddress} is not in QuickSwap's farm index: Tidewatch sends nothing to a farm it has not verified`;
}
