import { Button, ErrorBanner } from '../../../components/index.ts';
import { isRetryable } from '../../../lib/retryable.ts';

/**
 * A failure shown where it happened (the original only logged these), with 'retry' when trying again can
 * help: not for a refusal like a 400 or 404, which only the message explains.
 */
export function InlineError({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const message = error instanceof Error ? error.message : 'something went wrong';
  return (
    <ErrorBanner
      title={title}
      messages={
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span>{message}</span>
          {onRetry && isRetryable(error) ? (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              retry
            </Button>
          ) : null}
        </span>
      }
    />
  );
}
