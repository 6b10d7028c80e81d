/** The message the server gave for one field of a refused request (`details[].field`), if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  const details = (error as { details?: { field: string; message: string }[] } | null)?.details;
  return details?.find((detail) => detail.field === field)?.message;
}
