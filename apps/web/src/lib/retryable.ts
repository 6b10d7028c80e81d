import { AppError } from '@tidewatch/shared';

/**
 * Whether trying the same request again can help: network failures, timeouts (408), rate limits (429)
 * and server errors can pass next time; any other 4xx (a 400, a 404) would only repeat the same refusal.
 * @example isRetryable(new AppError('NOT_FOUND', 'farm not found')) // false
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof AppError)) return true;
  const { statusCode } = error;
  return statusCode < 400 || statusCode >= 500 || statusCode === 408 || statusCode === 429;
}
