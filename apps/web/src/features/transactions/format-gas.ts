import { formatUnits } from 'viem';
import { formatPolAndUsd } from './format-pol.ts';

/** POL has 18 decimals, as ether. */
const polDecimals = 18;

/**
 * Gas as the confirmation reads it: POL (units × gas price) and its USD, 'USD unknown' without POL's price.
 * @example formatGas(100000n, 30_000_000_000n, 0.5) // '0.003 POL (under $0.01)'
 */
export function formatGas(
  units: bigint,
  gasPriceWei: bigint,
  polUsd: number | null,
  nativeSymbol = 'POL',
): string {
  const pol = formatUnits(units * gasPriceWei, polDecimals);
  return formatPolAndUsd(pol, polUsd === null ? null : Number(pol) * polUsd, nativeSymbol);
}

/** The explorer's page of a transaction (polygonscan unless another explorer is given: basescan for Base). */
export const explorerTransactionUrl = (hash: string, explorerUrl = 'https://polygonscan.com') =>
  `${explorerUrl}/tx/${hash}`;

/** The explorer's page of an address. */
export const explorerAddressUrl = (address: string, explorerUrl = 'https://polygonscan.com') =>
  `${explorerUrl}/address/${address}`;
