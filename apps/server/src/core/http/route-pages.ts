import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * What the web build writes to pages/routes.json (apps/web/vite-plugins/route-pages.ts): for each path of the
 * route table, in React Router's syntax, the page to send; for any other path, the fallback (decision 016).
 */
const routePagesIndexSchema = z.object({
  pages: z.array(z.object({ pattern: z.string().startsWith('/'), file: z.string().min(1) })),
  fallback: z.string().min(1),
});
export type RoutePagesIndex = z.infer<typeof routePagesIndexSchema>;

const routePagesIndexPath = 'pages/routes.json';

const staticSegmentScore = 3;
const dynamicSegmentScore = 2;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function scoreSegments(pattern: readonly string[], path: readonly string[]): number | null {
  const [head, ...restPattern] = pattern;
  if (head === undefined) return path.length === 0 ? 0 : null;
  const isOptional = head.endsWith('?');
  const name = isOptional ? head.slice(0, -1) : head;
  const isDynamic = name.startsWith(':');
  let best: number | null = null;
  const [segment, ...restPath] = path;
  if (segment !== undefined && (isDynamic || name.toLowerCase() === decodeSegment(segment).toLowerCase())) {
    const rest = scoreSegments(restPattern, restPath);
    if (rest !== null) best = rest + (isDynamic ? dynamicSegmentScore : staticSegmentScore);
  }
  if (isOptional) {
    const skipped = scoreSegments(restPattern, path);
    if (skipped !== null && (best === null || skipped > best)) best = skipped;
  }
  return best;
}

/**
 * How well a route pattern (`/farm/:address`, `/wallets/:action?`) matches a URL path, or null when it does
 * not. Static segments score above dynamic ones, as React Router ranks them, so /integrations/callback wins
 * over /integrations/:action. Static segments compare case-insensitively, as the router does.
 * @example scoreRouteMatch('/farm/:address', '/farm/0xabc') // 5
 */
export function scoreRouteMatch(pattern: string, path: string): number | null {
  const split = (value: string) => value.split('/').filter((segment) => segment !== '');
  return scoreSegments(split(pattern), split(path));
}

/** The page file for `path`: the best-matching route's, else the fallback. */
export function findRoutePage(index: RoutePagesIndex, path: string): string {
  let best: { file: string; score: number } | null = null;
  for (const page of index.pages) {
    const score = scoreRouteMatch(page.pattern, path);
    if (score !== null && (best === null || score > best.score)) best = { file: page.file, score };
  }
  return best?.file ?? index.fallback;
}

/**
 * Reads the build's routes.json, again only when the file changed, so a rebuild while the server runs is
 * picked up like its index.html. Null without one (a build from before route pages: index.html for all).
 */
export function createRoutePagesReader(webDist: string): () => RoutePagesIndex | null {
  const file = join(webDist, routePagesIndexPath);
  let cached: { mtimeMs: number; index: RoutePagesIndex } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, index: routePagesIndexSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) };
    }
    return cached.index;
  };
}
