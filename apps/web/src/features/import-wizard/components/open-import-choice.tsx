import { type OpenImport, wizardTexts } from '@tidewatch/shared';
import { Button } from '../../../components/index.ts';

/**
 * One import at a time: asked for another farm while an import is open, the person chooses. 'continue the
 * other' goes to the open import; 'start this one' cancels it and imports the farm asked for.
 */
export function OpenImportChoice({
  other,
  requested,
  isBusy,
  onContinueOther,
  onStartThis,
}: {
  other: Pick<OpenImport, 'farm_address' | 'state' | 'symbol0' | 'symbol1'>;
  /** The URL or address the person asked to import. */
  requested: string;
  isBusy: boolean;
  onContinueOther: () => void;
  onStartThis: () => void;
}) {
  const label = wizardTexts.farmLabel(other.farm_address, other.symbol0, other.symbol1);
  return (
    <section
      aria-label="another import is open"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="wrap-anywhere">
        another import is open: the {label} at the step {other.state}.
      </p>
      <p className="wrap-anywhere">
        one import runs at a time. Continue the other, or cancel it and start importing {requested}.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={isBusy} onClick={onContinueOther}>
          continue the other
        </Button>
        <Button size="sm" disabled={isBusy} onClick={onStartThis}>
          start this one
        </Button>
      </div>
    </section>
  );
}
