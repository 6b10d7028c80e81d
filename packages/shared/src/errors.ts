import type { ErrorDetail } from './error-body.ts';

/**
 * Stable error codes on the wire. Each says when it fires; the HTTP status comes from `errorStatus`.
 * Clients branch on `code`, never on `message` (messages are for people and may be reworded).
 */
const errorCodes = {
  /** The request body, params or query failed schema validation; `details` names the fields. */
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** The body was not valid JSON, or not JSON at all on a route that takes JSON. */
  BAD_REQUEST: 'BAD_REQUEST',
  /** No bearer token, or it is expired, revoked or malformed. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** A state-changing request without a valid `x-csrftoken` header matching the `csrftoken` cookie. */
  CSRF_FAILED: 'CSRF_FAILED',
  /** Authenticated, but acting on something the user may not (e.g. an address that is not their wallet). */
  FORBIDDEN: 'FORBIDDEN',
  /** Unknown route, or a resource that does not exist or belongs to someone else. */
  NOT_FOUND: 'NOT_FOUND',
  /** The request conflicts with stored state (duplicate wallet, event not allowed in the current step). */
  CONFLICT: 'CONFLICT',
  /** Login failed: unknown e-mail or wrong password (deliberately the same code for both). */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** Correct password, but the account's e-mail address is not confirmed yet. */
  EMAIL_NOT_CONFIRMED: 'EMAIL_NOT_CONFIRMED',
  /** Too many attempts; `Retry-After` says when to try again. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** A confirmation link that was already used or has expired. */
  LINK_INVALID: 'LINK_INVALID',
  /** A wallet signature did not verify (wrong key, domain, chain, nonce or age). */
  SIGNATURE_INVALID: 'SIGNATURE_INVALID',
  /** The body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** A content type other than JSON on a JSON route. */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** The blockchain node could not be reached, timed out or answered wrongly. */
  CHAIN_UNAVAILABLE: 'CHAIN_UNAVAILABLE',
  /** A price source could not be reached. */
  PRICE_UNAVAILABLE: 'PRICE_UNAVAILABLE',
  /** Anything unexpected; details are logged, never sent. */
  INTERNAL: 'INTERNAL',
  /** Client side only: the request took longer than the client's timeout. */
  TIMEOUT: 'TIMEOUT',
  /** Client side only: the server could not be reached at all. */
  NETWORK: 'NETWORK',
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  CSRF_FAILED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  RATE_LIMITED: 429,
  LINK_INVALID: 410,
  SIGNATURE_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CHAIN_UNAVAILABLE: 502,
  PRICE_UNAVAILABLE: 502,
  INTERNAL: 500,
  TIMEOUT: 408,
  NETWORK: 503,
};

/** Thrown by services on both sides; the server's error handler turns it into an `ErrorBody`. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: ErrorDetail[] | undefined;
  /**
   * Fields of a parsed error body beyond the standard ones (e.g. the import wizard's `previous`, `events`,
   * `data`), so a caller can read a route's own error shape without bypassing the client. Empty otherwise.
   */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { details?: ErrorDetail[]; cause?: unknown; extra?: Record<string, unknown> },
  ) {
    super(message, { cause: options?.cause });
    this.code = code;
    this.statusCode = errorStatus[code];
    this.details = options?.details;
    this.extra = options?.extra ?? {};
  }
}
