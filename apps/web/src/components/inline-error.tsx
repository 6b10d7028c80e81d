import { isRetryable } from '../lib/retryable.ts';
import { RetryBanner } from './retry-banner.tsx';

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
  return (
    <RetryBanner
      title={title}
      message={error instanceof Error ? error.message : 'something went wrong'}
      onRetry={onRetry && isRetryable(error) ? onRetry : undefined}
    />
  );
}
