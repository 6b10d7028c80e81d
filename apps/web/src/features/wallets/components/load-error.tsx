import { Button, ErrorBanner } from '../../../components/index.ts';
import { isRetryable } from '../../../lib/retryable.ts';

/** A failed load shown where it happened (the original only logged these), with 'retry' when it can help. */
export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  const message = error instanceof Error ? error.message : 'something went wrong';
  return (
    <ErrorBanner
      title={`could not load ${what}`}
      messages={
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span>{message}</span>
          {isRetryable(error) ? (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              retry
            </Button>
          ) : null}
        </span>
      }
    />
  );
}
