import { MAX_SLIPPAGE_BPS_WITHOUT_CONFIRMATION } from '@tidewatch/shared/recovery-calls';
import { parseDecimalInput } from '../../lib/decimal-input.ts';

/** The slippage as typed: basis points, and whether it is high enough to need a second confirmation. */
export type SlippageChoice =
  | { ok: true; bps: number; percent: number; needsConfirmation: boolean }
  | { ok: false; message: string };

/**
 * Reads the slippage field (a percentage, '0.5' or '0,5'): whole basis points from 0 to 100 %; above 5 % the
 * person must also confirm they accept that much less (issue 33).
 * @example readSlippage('0,5') // { ok: true, bps: 50, percent: 0.5, needsConfirmation: false }
 */
export function readSlippage(typed: string): SlippageChoice {
  const parsed = parseDecimalInput(typed);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  if (parsed.value === null) return { ok: false, message: 'write the slippage in %, like 0.5' };
  if (parsed.value < 0) return { ok: false, message: 'the slippage cannot be negative' };
  if (parsed.value > 100) return { ok: false, message: 'the slippage is a percentage, at most 100' };
  const bps = Math.round(parsed.value * 100);
  return {
    ok: true,
    bps,
    percent: bps / 100,
    needsConfirmation: bps > MAX_SLIPPAGE_BPS_WITHOUT_CONFIRMATION,
  };
}
