import { AppError } from '@tidewatch/shared';
import { parsePositionQuery } from './parse-position-query.ts';

/**
 * POST /api/quickswap/v3/lookup {query}: a pasted position id or QuickSwap V3 position link -> its id. No
 * chain read (the position's own read says whether it exists); a text of no known shape is refused naming
 * `body.query`, with what to paste instead.
 */
export function lookupPosition(query: string): { token_id: string } {
  const parsed = parsePositionQuery(query);
  if ('refused' in parsed) {
    throw new AppError('VALIDATION_FAILED', parsed.refused, {
      details: [{ field: 'body.query', message: parsed.refused }],
    });
  }
  return { token_id: parsed.tokenId };
}
