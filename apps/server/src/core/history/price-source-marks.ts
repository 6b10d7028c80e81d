import type { TokenPriceSources } from '@tidewatch/shared';

/** A position snapshot's stored `price_sources` JSON, or null when unknown (rows from before issue 30). */
export function parsePriceSources(stored: string | null | undefined): TokenPriceSources {
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string | null>) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a token priced in both points was priced from another source in `current` than in `previous`
 * (decision 021): the chart and the history mark it, so a jump with no trade is never silent. Unknown
 * sources on either side mark nothing.
 */
function isPriceSourceChanged(previous: TokenPriceSources, current: TokenPriceSources): boolean {
  if (!previous || !current) return false;
  return Object.entries(current).some(([token, source]) => token in previous && previous[token] !== source);
}

/**
 * Adds `price_sources` and `price_source_changed` to points in time order (oldest first), from their
 * stored `price_sources`.
 */
export function markPriceSources<T extends object>(
  points: T[],
  storedOf: (point: T) => string | null | undefined,
): (T & { price_sources: TokenPriceSources; price_source_changed: boolean })[] {
  let previous: TokenPriceSources = null;
  return points.map((point) => {
    const sources = parsePriceSources(storedOf(point));
    const changed = isPriceSourceChanged(previous, sources);
    previous = sources ?? previous;
    return { ...point, price_sources: sources, price_source_changed: changed };
  });
}
