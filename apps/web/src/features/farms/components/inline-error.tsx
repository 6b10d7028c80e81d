import { Button, ErrorBanner } from '../../../components/index.ts';

/** A failure shown where it happened, with a way to try again (the original only logged these). */
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
          {onRetry ? (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              retry
            </Button>
          ) : null}
        </span>
      }
    />
  );
}
