import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { RateLimitedError, type ThrottleCheck, type Throttles } from '../throttle/throttles.ts';

/**
 * A route preHandler that counts the request against the given throttles, or answers 429 RATE_LIMITED
 * with Retry-After before the handler runs (so nothing is stored or sent past the limit). It runs after
 * body validation, so checks may read the parsed body.
 * @example { preHandler: throttleGuard(throttles, 'waitlist sign-ups', (r) => [{ name: 'waitlistPerIp', key: r.ip }]) }
 */
export function throttleGuard(
  throttles: Throttles,
  what: string,
  checksOf: (request: FastifyRequest) => ThrottleCheck[],
): preHandlerAsyncHookHandler {
  return async (request) => {
    const retryAfter = await throttles.take(checksOf(request));
    if (retryAfter > 0) throw new RateLimitedError(retryAfter, what);
  };
}
