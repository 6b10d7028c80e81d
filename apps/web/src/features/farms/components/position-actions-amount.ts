import { formatTokenAmount } from '@tidewatch/shared/amounts';
import { parseDecimalInput } from '../../../lib/decimal-input.ts';

/** QuickSwap's LP tokens (Uniswap V2 pairs) have 18 decimals. */
export const lpDecimals = 18;

/**
 * A plain decimal string of whole tokens as the on-chain integer, with the token's decimals; digits beyond
 * them are cut (a position's amount never becomes more than it is). No float on the way.
 * @example decimalToRaw('2.5', 18) // 2500000000000000000n
 */
export function decimalToRaw(amount: string, decimals: number): bigint {
  const match = /^\+?(\d*)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match || `${match[1]}${match[2] ?? ''}` === '') throw new Error(`not a plain decimal: "${amount}"`);
  const whole = match[1] || '0';
  const fraction = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0');
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction || '0');
}

/**
 * An on-chain integer as whole tokens, a plain decimal without trailing zeros.
 * @example rawToDecimal(2500000000000000000n, 18) // '2.5'
 */
export function rawToDecimal(raw: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals);
  const whole = raw / unit;
  const fraction = (raw % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

export type WithdrawAmountCheck = { ok: true; raw: bigint } | { ok: false; message: string };

/**
 * What the person typed in 'withdraw' read against their stake (whole LP, as the screen has it): the LP
 * integer to withdraw, or the sentence the field shows. Read with the app's one decimal-input rule, so
 * "1,25" is 1.25 and "1,250" is asked about, never guessed.
 */
export function checkWithdrawAmount(typed: string, staked: string): WithdrawAmountCheck {
  const parsed = parseDecimalInput(typed);
  if (!parsed.ok) {
    // The rule's own sentence when it says how to write an ambiguous number; plain 'not a number' otherwise.
    const isGeneric = parsed.message.startsWith('write a number');
    return { ok: false, message: isGeneric ? 'not a number' : `not a number: ${parsed.message}` };
  }
  if (parsed.value === null) return { ok: false, message: 'enter an amount' };
  const text = typed.trim().replace(/\s/g, '').replace(',', '.');
  if (text.startsWith('-') || parsed.value === 0) return { ok: false, message: 'enter an amount above 0' };
  const digitsAfterPoint = text.split('.')[1]?.length ?? 0;
  if (digitsAfterPoint > lpDecimals) {
    return {
      ok: false,
      message: `at most ${lpDecimals} digits after the point (LP tokens have ${lpDecimals} decimals)`,
    };
  }
  const raw = decimalToRaw(text, lpDecimals);
  if (raw === 0n) return { ok: false, message: 'enter an amount above 0' };
  if (raw > decimalToRaw(staked, lpDecimals)) {
    return { ok: false, message: `more than your stake of ${formatTokenAmount(staked)} LP` };
  }
  return { ok: true, raw };
}
