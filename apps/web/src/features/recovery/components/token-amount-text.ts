import { formatTokenAmount } from '@tidewatch/shared/amounts';
import type { TokenAmount } from '@tidewatch/shared/recovery';
import { formatUsd } from '../../../lib/format.ts';

/**
 * '1.5 WETH ($3,000.00)'; a token without a price reads 'price unknown', never $0.
 * @example describeAmount({ amount: '12.25', symbol: 'dQUICK', usd: null, … }) // '12.25 dQUICK (price unknown)'
 */
export function describeAmount(amount: TokenAmount): string {
  return `${formatTokenAmount(amount.amount)} ${amount.symbol} (${amount.usd === null ? 'price unknown' : formatUsd(amount.usd)})`;
}

/** A USD total, 'unknown' when a part has no price. */
export function describeUsd(usd: number | null): string {
  return usd === null ? 'unknown (a part has no price)' : formatUsd(usd);
}
