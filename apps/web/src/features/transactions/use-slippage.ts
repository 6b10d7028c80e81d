import { DEFAULT_SLIPPAGE_BPS } from '@tidewatch/shared/recovery-calls';
import { useState } from 'react';
import type { SlippageSettingProps } from './components/slippage-setting.tsx';
import { readSlippage } from './slippage.ts';

export type Slippage = {
  /** The basis points a removal may use now; null until the value is valid and, above 5 %, accepted. */
  readyBps: number | null;
  /** Why a removal cannot run yet ('set a valid slippage first', 'accept up to 8 % less first'); null when it can. */
  blocker: string | null;
  /** What <SlippageSetting> shows and changes. */
  settingProps: SlippageSettingProps;
};

/**
 * The slippage a screen's removals of liquidity accept (0.5 % by default), one rule on every screen: above 5 % it
 * must be accepted, and accepting one high value is not accepting the next (a changed value is confirmed again).
 */
export function useSlippage(): Slippage {
  const [text, setText] = useState(String(DEFAULT_SLIPPAGE_BPS / 100));
  const [isHighAccepted, setIsHighAccepted] = useState(false);
  const choice = readSlippage(text);
  const blocker = !choice.ok
    ? 'set a valid slippage first'
    : choice.needsConfirmation && !isHighAccepted
      ? `accept up to ${choice.percent} % less first`
      : null;
  return {
    readyBps: choice.ok && blocker === null ? choice.bps : null,
    blocker,
    settingProps: {
      text,
      onTextChange: (next) => {
        if (next !== text) setIsHighAccepted(false);
        setText(next);
      },
      choice,
      isHighAccepted,
      onHighAcceptedChange: setIsHighAccepted,
    },
  };
}
