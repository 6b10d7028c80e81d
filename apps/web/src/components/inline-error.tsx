import { isRetryable } from '../lib/retryable.ts';
import { ErrorBanner } from './banner.tsx';
import { Button } from './button.tsx';

export type InlineErrorProps = {
  error: unknown;
  title?: string;
  /** Shown as a 'retry' button beside the message when given and `canRetry`. */
  onRetry?: () => void;
  /**
   * Whether trying again can help. By default not for a refusal like a 400 or 404, which only the message
   * explains; a panel that crashed while rendering can always render again.
   */
  canRetry?: boolean;
};

/**
 * The one way a failure is shown where it happened (the original only logged these): a red box with the
 * error's message and, when trying again can help, 'retry'. For failed requests and crashed panels alike.
 */
export function InlineError({ error, title, onRetry, canRetry = isRetryable(error) }: InlineErrorProps) {
  return (
    <ErrorBanner
      title={title}
      messages={
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span>{error instanceof Error ? error.message : 'something went wrong'}</span>
          {onRetry && canRetry ? (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              retry
            </Button>
          ) : null}
        </span>
      }
    />
  );
}
