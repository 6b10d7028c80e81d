import { formatTokenAmount } from '@tidewatch/shared/amounts';
import { formatUsd } from '../../lib/format.ts';

/**
 * An amount of POL and its USD value (null: unknown), as every gas line reads it. A cost above zero that
 * rounds to $0.00 says 'under $0.01': '$0.00' would read as free.
 * @example formatPolAndUsd('0.0001594', 0.00008) // '0.0001594 POL (under $0.01)'
 */
export function formatPolAndUsd(pol: string, usd: number | null, symbol = 'POL'): string {
  const value = usd === null ? 'USD unknown' : usd > 0 && usd < 0.005 ? 'under $0.01' : formatUsd(usd);
  return `${formatTokenAmount(pol)} ${symbol} (${value})`;
}
