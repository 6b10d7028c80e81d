import type { ErrorInfo, ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { InlineError } from './inline-error.tsx';

export type PanelBoundaryProps = {
  /** The panel's name as a person reads it ('track chooser', 'farm card', …): in the message and the log. */
  name: string;
  /** When one of these changes (the path of what the panel shows, say), a crashed panel renders again. */
  resetKeys?: unknown[];
  children: ReactNode;
};

function logPanelError(name: string) {
  return (error: unknown, info: ErrorInfo) => {
    console.error(`panel '${name}' crashed:`, error, info.componentStack ?? '');
  };
}

/**
 * Keeps a render error inside its panel (issue 28): the panel shows its own error with 'retry', which renders
 * it again, and the rest of the page keeps working. The full-page 'Unexpected Application Error!' is left to
 * routing failures (spec section 2). The error is logged with the panel's name.
 */
export function PanelBoundary({ name, resetKeys, children }: PanelBoundaryProps) {
  const fallback = ({ error, resetErrorBoundary }: FallbackProps) => (
    <InlineError
      title={`the ${name} could not be shown`}
      error={error}
      onRetry={resetErrorBoundary}
      canRetry
    />
  );
  return (
    <ErrorBoundary fallbackRender={fallback} onError={logPanelError(name)} resetKeys={resetKeys}>
      {children}
    </ErrorBoundary>
  );
}
