import { ErrorBanner } from './banner.tsx';
import { Button } from './button.tsx';

export type RetryBannerProps = {
  title?: string;
  message: string;
  /** Shown as a 'retry' button when given. */
  onRetry?: () => void;
};

/** A failure shown where it happened, with 'retry' beside the message when trying again can help. */
export function RetryBanner({ title, message, onRetry }: RetryBannerProps) {
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
