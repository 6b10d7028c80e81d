import { Button, ErrorBanner } from '../../../components/index.ts';

/** A failed load shown where it happened, with 'retry' (the original product only logged these). */
export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  const message = error instanceof Error ? error.message : 'something went wrong';
  return (
    <ErrorBanner
      title={`could not load ${what}`}
      messages={
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span>{message}</span>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            retry
          </Button>
        </span>
      }
    />
  );
}
