import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import type { Address } from 'viem';

type FarmUrlInput = { kind: FarmKind; address: Address; tokenAddresses: readonly [Address, Address] };

/**
 * The quickswap.exchange URL a user would paste for a farm: `#/quick/{A}/{B}/{farm}` for LP
 * farms, `#/dual/{A}/{B}/{farm}` for dual farms.
 * @example quickswapFarmUrl(world.farms.wmaticUsdc) // 'https://quickswap.exchange/#/quick/0x…/0x…/0x…'
 */
export function quickswapFarmUrl(farm: FarmUrlInput): string {
  const [tokenA, tokenB] = farm.tokenAddresses;
  const route = farm.kind === 'lp' ? 'quick' : 'dual';
  return `https://quickswap.exchange/#/${route}/${tokenA}/${tokenB}/${farm.address}`;
}
