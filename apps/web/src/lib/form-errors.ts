import { AppError } from '@tidewatch/shared';
import type { z } from 'zod';

/** Field name -> first message, from a failed client-side parse. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Field name -> message from a server error's `details` (whose `field` is a dotted path like `body.email`).
 * @example fieldErrorsFromAppError(err) // { email: 'this email is already registered' }
 */
export function fieldErrorsFromAppError(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof AppError) || !error.details) return errors;
  for (const detail of error.details) {
    const field = detail.field.split('.').at(-1) ?? detail.field;
    errors[field] ??= detail.message;
  }
  return errors;
}

/** Every line a failure has for people: its message, then each detail's message (spec: one per line). */
export function errorLines(error: unknown): string[] {
  if (error instanceof AppError) {
    return [error.message, ...(error.details ?? []).map((detail) => detail.message)];
  }
  return [error instanceof Error ? error.message : String(error)];
}
