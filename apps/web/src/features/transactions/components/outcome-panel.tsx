import { Button, ErrorBanner, InlineError, SuccessBanner } from '../../../components/index.ts';
import { formatPolAndUsd } from '../format-pol.ts';
import type { RecordStage } from '../hooks/use-record-stage.ts';
import type { Replacement, RunnerState } from '../transaction-state.ts';
import { TransactionLink } from './pending-panel.tsx';

const replacementText = {
  replaced: 'replaced in your wallet',
  repriced: 'replaced in your wallet (sped up)',
  cancelled: 'cancelled in your wallet',
} as const satisfies Record<Replacement['reason'], string>;

export function ReplacementLine({ replacement }: { replacement: Replacement }) {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      {replacementText[replacement.reason]}: following <TransactionLink hash={replacement.hash} />
    </p>
  );
}

/** The gas the server recorded for the mined transaction, or why it could not record it. */
function RecordLine({ record }: { record: RecordStage }) {
  if (record.recorded) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        gas paid: {formatPolAndUsd(record.recorded.gas_pol, record.recorded.gas_usd)}
      </p>
    );
  }
  if (record.error)
    return (
      <InlineError
        error={record.error}
        title="the transaction could not be recorded"
        onRetry={record.retry}
      />
    );
  return record.isRecording ? <p className="text-sm text-slate-500">recording the transaction…</p> : null;
}

/** A receipt: confirmed in a block, or failed with the contract's reason; then its recorded gas. */
export function MinedPanel({
  state,
  record,
}: {
  state: Extract<RunnerState, { stage: 'mined' }>;
  record: RecordStage;
}) {
  const block = state.mined.blockNumber.toString();
  return (
    <div className="space-y-2">
      {state.replacement ? <ReplacementLine replacement={state.replacement} /> : null}
      {state.mined.status === 'success' ? (
        <SuccessBanner messages={`confirmed in block ${block}`} />
      ) : (
        <ErrorBanner
          messages={`failed in block ${block}: ${state.revertReason ?? 'the transaction reverted'}`}
        />
      )}
      <p>
        <TransactionLink hash={state.mined.hash} />
      </p>
      <RecordLine record={record} />
    </div>
  );
}

/** Nothing was sent (rejected) or done (cancelled in the wallet): the step can be tried again. */
export function NotSentPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-amber-800 dark:text-amber-200">{message}</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        try again
      </Button>
    </div>
  );
}
