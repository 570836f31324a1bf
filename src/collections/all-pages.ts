/**
 * Reads every page of a paged list endpoint at build time: the first page says how many
 * there are (total / limit); the rest are fetched at the area's bounded concurrency.
 * A page that fails its schema or answers 4xx is skipped with a warning by `ctx.all`.
 */
import type { Paged } from '../api/boundary';
import type { AreaContext } from './api-collection';

/** Safety net against an API that reports a huge total: never more than this many calls. */
const MAX_PAGES = 1000;

/** The page size used to walk a paged endpoint: the API's maximum, so a large area needs few calls. */
const WALK_PAGE_SIZE = 100;

export async function fetchAllPages<T>(
  ctx: AreaContext,
  endpoint: string,
  fetchPage: (page: number, pageSize: number) => Promise<Paged<T>>,
  /** Endpoints that allow more (/law and /faqs: 500) pass their own. */
  pageSize = WALK_PAGE_SIZE,
): Promise<T[]> {
  const first = await ctx.call(endpoint, () => fetchPage(1, pageSize));
  // The API may clamp the size it was asked for; its echoed limit is the truth.
  const limit = first.limit > 0 ? first.limit : pageSize;
  const pages = Math.min(Math.ceil(first.total / limit), MAX_PAGES);
  if (pages > MAX_PAGES - 1) ctx.warn(`${endpoint}: ${first.total} records, read only the first ${MAX_PAGES} pages`);
  const rest = Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2);
  const more = await ctx.all(
    rest,
    (page) => `${endpoint}?page=${page}`,
    (page) => fetchPage(page, limit),
  );
  return [...first.items, ...more.flatMap((p) => p.items)];
}
