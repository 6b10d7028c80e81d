/**
 * Reading the committed QuickSwap lists (the farm registry's and the syrup registry's builders): a value of the
 * expected shape, or an error naming where in which file it was not.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (!isRecord(value)) throw new Error(`${where}: expected an object`);
  return value;
}

export function asArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where}: expected an array`);
  return value;
}

export function asString(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`${where}: expected a non-empty string`);
  return value;
}

/** One of the input files, parsed; its name in the error when it is missing or not JSON. */
export function parseJson(files: Record<string, string>, name: string): unknown {
  const text = files[name];
  if (text === undefined) throw new Error(`missing input file ${name}`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message}`);
  }
}

/** Code-unit order, the same on every machine (localeCompare is not). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
