import type { z } from 'zod';

/**
 * A schema, or a function that loads one. Code that must not bring zod into the start-up bundle (decision
 * 016) passes a loader from `start-up-schemas.ts`; everything else passes the schema itself.
 */
export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/** The schema itself, loading it first when given a loader. */
export function resolveSchema<T>(source: SchemaSource<T>): Promise<z.ZodType<T>> {
  return Promise.resolve(typeof source === 'function' ? source() : source);
}

/**
 * A form's check: `input` parsed with the schema, or undefined when the schema could not be loaded (the
 * connection failed; the form says so and makes no call).
 */
export async function safeParseWith<T>(
  source: SchemaSource<T>,
  input: unknown,
): Promise<ReturnType<z.ZodType<T>['safeParse']> | undefined> {
  let schema: z.ZodType<T>;
  try {
    schema = await resolveSchema(source);
  } catch {
    return undefined;
  }
  return schema.safeParse(input);
}
