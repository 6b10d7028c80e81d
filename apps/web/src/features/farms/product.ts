import type { LpProduct } from '../../app/paths.ts';
import { paths } from '../../app/paths.ts';

/** Which farm product a screen shows; the API paths and wording differ per product, the layout does not. */
export type FarmProduct = LpProduct;

export const polygonscanAddressUrl = (address: string) => `https://polygonscan.com/address/${address}`;

export const productLabels = {
  'lp-mining': { heading: 'liquidity-pool tool', summary: 'LP Mining farms' },
  'dual-mining': { heading: 'dual-mining tool', summary: 'Dual Mining farms' },
} as const satisfies Record<FarmProduct, { heading: string; summary: string }>;

/** The farm detail link of a card ('View Farm'). */
export function farmDetailsHref(product: FarmProduct, farmAddress: string): string {
  return product === 'lp-mining'
    ? paths.lpMiningDetails.getHref(farmAddress)
    : paths.dualMiningDetails.getHref(farmAddress);
}

export function productOfKind(kind: 'lp' | 'dual'): FarmProduct {
  return kind === 'lp' ? 'lp-mining' : 'dual-mining';
}

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.toLowerCase() === b.toLowerCase());
