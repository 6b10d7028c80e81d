import { z } from 'zod';
import type { FarmIndexFilters } from '../api/discovery.ts';

/**
 * The farm index's sort and filters in the page's URL (`?sort=apr:desc&status=ended&token=WETH&mine=1
 * &page=2`), so Back and a shared link bring them back. A value that does not parse (edited by hand, from
 * an older version) falls back to the default instead of failing the page.
 */
const searchSchema = z.object({
  sort: z.enum(['tvl:desc', 'tvl:asc', 'apr:desc', 'apr:asc']).catch('tvl:desc'),
  status: z.enum(['all', 'active', 'ended']).catch('all'),
  token: z.string().trim().max(42).catch(''),
  mine: z.literal('1').optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

const read = (search: URLSearchParams, name: string) => search.get(name) ?? undefined;

/** The index's filters as the URL holds them (defaults for what it does not). */
export function readIndexFilters(search: URLSearchParams, kind: FarmIndexFilters['kind']): FarmIndexFilters {
  const parsed = searchSchema.parse({
    sort: read(search, 'sort'),
    status: read(search, 'status'),
    token: read(search, 'token') ?? '',
    mine: read(search, 'mine'),
    page: read(search, 'page') ?? 1,
  });
  const [sort, order] = parsed.sort.split(':') as [FarmIndexFilters['sort'], FarmIndexFilters['order']];
  return {
    kind,
    page: parsed.page,
    sort,
    order,
    status: parsed.status,
    token: parsed.token,
    holdings: parsed.mine ? 'mine' : 'any',
  };
}

/** The URL's search with the index's filters written in; defaults are left out to keep the URL short. */
export function writeIndexFilters(search: URLSearchParams, filters: FarmIndexFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (name: string, value: string, defaultValue: string) => {
    if (value === defaultValue) next.delete(name);
    else next.set(name, value);
  };
  set('sort', `${filters.sort}:${filters.order}`, 'tvl:desc');
  set('status', filters.status, 'all');
  set('token', filters.token, '');
  set('mine', filters.holdings === 'mine' ? '1' : '', '');
  set('page', String(filters.page), '1');
  return next;
}
