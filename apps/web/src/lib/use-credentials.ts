import { useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, fieldErrorsFromZod } from './form-errors.ts';

/**
 * The typed e-mail and password of an account form, and the client-side check run before any call.
 * @example
 * const credentials = useCredentials();
 * const body = credentials.validate(loginSchema); // undefined (and fieldErrors set) when invalid
 */
export function useCredentials() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  /** Parses the credentials plus `extra` with `schema`; a failure records each field's first message. */
  function validate<T>(schema: z.ZodType<T>, extra: Record<string, unknown> = {}): T | undefined {
    const parsed = schema.safeParse({ email, password, ...extra });
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFromZod(parsed.error));
      return undefined;
    }
    setFieldErrors({});
    return parsed.data;
  }

  return { email, setEmail, password, setPassword, fieldErrors, validate };
}
