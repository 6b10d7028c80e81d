import { redactUrls } from '../chain/errors.ts';

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * The logger's `err` serializer: pino's shape (type, message with the causes' messages, stack) with
 * every URL cut to its origin, since chain and price errors wrap viem/fetch errors whose text names
 * the RPC URL, and that URL may carry an API key. A chain error's `logDetail` (raw upstream body)
 * is logged as `detail`.
 */
export function serializeError(error: Error): SerializedError {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = error; e instanceof Error && !seen.has(e); e = e.cause) {
    seen.add(e);
    messages.push(e.message);
  }
  const serialized: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: redactUrls(messages.join(': caused by: ')),
    stack: redactUrls(error.stack ?? ''),
  };
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) serialized.code = code;
  const logDetail = (error as { logDetail?: unknown }).logDetail;
  if (typeof logDetail === 'string') serialized.detail = redactUrls(logDetail);
  return serialized;
}
