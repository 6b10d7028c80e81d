import { useState } from 'react';
import { networkMessage } from './api-client.ts';
import { type FieldErrors, fieldErrorsFromZod } from './form-errors.ts';
import { type SchemaSource, safeParseWith } from './schema-source.ts';

/**
 * The typed e-mail and password of an account form, and the client-side check run before any call.
 * @example
 * const credentials = useCredentials();
 * const body = await credentials.validate(loginSchema); // undefined (and fieldErrors set) when invalid
 */
export function useCredentials() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  /** Set when the check itself could not be loaded (a public screen loads its schema on first use). */
  const [loadError, setLoadError] = useState<string>();

  /** Parses the credentials plus `extra` with `schema`; a failure records each field's first message. */
  async function validate<T>(
    schema: SchemaSource<T>,
    extra: Record<string, unknown> = {},
  ): Promise<T | undefined> {
    const parsed = await safeParseWith(schema, { email, password, ...extra });
    setLoadError(parsed ? undefined : networkMessage);
    if (!parsed) {
      setFieldErrors({});
      return undefined;
    }
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFromZod(parsed.error));
      return undefined;
    }
    setFieldErrors({});
    return parsed.data;
  }

  return { email, setEmail, password, setPassword, fieldErrors, loadError, validate };
}
