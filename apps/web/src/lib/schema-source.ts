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
