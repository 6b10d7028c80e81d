import { z } from 'zod';
import { AppError, type ErrorCode, errorStatus } from './errors.ts';

// The error body's schema lives apart from AppError so a client can hold and throw AppErrors without loading
// zod at start-up; it loads this module when it reads its first error body (apps/web/src/lib/api-client.ts).

export const errorDetailSchema = z.object({
  /** Dotted path of the offending field, e.g. `body.email`. */
  field: z.string(),
  message: z.string(),
});

/** The one error body on the wire: Fastify's conventional shape plus a stable code. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  /** HTTP reason phrase; its presence is what the spec's wizard client treats as failure. */
  error: z.string(),
  code: z.string(),
  message: z.string(),
  details: z.array(errorDetailSchema).optional(),
});

export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The fields every error body has; anything else a body carries is kept in `AppError.extra`. */
const standardBodyKeys: ReadonlySet<string> = new Set(Object.keys(errorBodySchema.shape));

/** Parses a response body back into an AppError; anything unrecognised becomes INTERNAL. */
export function appErrorFromBody(body: unknown, fallbackStatus = 500): AppError {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) {
    return new AppError('INTERNAL', `Unexpected response from the server (HTTP ${fallbackStatus})`);
  }
  const code = (parsed.data.code in errorStatus ? parsed.data.code : 'INTERNAL') as ErrorCode;
  const extra = Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(([key]) => !standardBodyKeys.has(key)),
  );
  return new AppError(code, parsed.data.message, { details: parsed.data.details, extra });
}
