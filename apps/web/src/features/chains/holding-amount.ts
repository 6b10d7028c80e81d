import type { TokenAmount } from '@tidewatch/shared/recovery';
import { formatUnits, parseUnits } from 'viem';

/** An amount as the holdings answer carries it (whole tokens, exact, with its token). */
export type HoldingAmount = {
  token: { address: string; symbol: string; decimals: number };
  amount: string;
  usd: number | null;
};

/**
 * What a runner's confirmation shows as arriving: the holdings' amount, or the amount read from the chain when the
 * call was built (`raw`; its USD then unknown rather than the older figure's).
 */
export function toTokenAmount(held: HoldingAmount, raw?: bigint): TokenAmount {
  const exact = raw ?? parseUnits(held.amount, held.token.decimals);
  return {
    address: held.token.address,
    symbol: held.token.symbol,
    decimals: held.token.decimals,
    raw: exact.toString(),
    amount: formatUnits(exact, held.token.decimals),
    usd: raw === undefined ? held.usd : null,
  };
}
