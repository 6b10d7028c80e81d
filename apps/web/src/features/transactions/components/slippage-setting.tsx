import { useId } from 'react';
import { TextField } from '../../../components/index.ts';
import type { SlippageChoice } from '../slippage.ts';

export type SlippageSettingProps = {
  text: string;
  onTextChange: (text: string) => void;
  choice: SlippageChoice;
  isHighAccepted: boolean;
  onHighAcceptedChange: (isAccepted: boolean) => void;
};

/**
 * How much less than the computed amounts removing liquidity may accept (default 0.5 %). Above 5 % a
 * checkbox asks the person to accept it again: until then no liquidity is removed.
 */
export function SlippageSetting({
  text,
  onTextChange,
  choice,
  isHighAccepted,
  onHighAcceptedChange,
}: SlippageSettingProps) {
  const checkboxId = useId();
  return (
    <div className="max-w-xs space-y-2">
      <TextField
        label="slippage for removing liquidity (%)"
        inputMode="decimal"
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        errorMessage={choice.ok ? undefined : choice.message}
        hint="the least you accept is the computed amount less this share"
      />
      {choice.ok && choice.needsConfirmation ? (
        <div className="flex items-start gap-2 text-sm text-amber-900 dark:text-amber-200">
          <input
            id={checkboxId}
            type="checkbox"
            className="mt-0.5"
            checked={isHighAccepted}
            onChange={(event) => onHighAcceptedChange(event.target.checked)}
          />
          <label htmlFor={checkboxId}>I accept up to {choice.percent} % less</label>
        </div>
      ) : null}
    </div>
  );
}
