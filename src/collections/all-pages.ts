/**
 * Reads every page of a paged list endpoint at build time: the first page says how many
 * there are (total / limit); the rest are fetched at the area's bounded concurrency.
 * A page that fails its schema or answers 4xx is skipped with a warning by `ctx.all`.
 *
 * In the publisher's re-read of edited records, the list's last whole answer is held
 * (`ctx.heldList`) and only the pages that can show what the edit changed are read
 * (./page-prediction.ts); the others are answered from it.
 */
import type { Paged } from '../api/boundary';
import type { AreaContext } from './api-collection';
import { predictList } from './page-prediction';

/** Safety net against an API that reports a huge total: never more than this many calls. */
const MAX_PAGES = 1000;

/** The page size used to walk a paged endpoint: the API's maximum, so a large area needs few calls. */
const WALK_PAGE_SIZE = 100;

/**
 * Rounds of reading the pages a prediction asks for before reading them all: the pages of the
 * held records, then the search for a record on none of them (three rounds for 100 pages).
 */
const PREDICTION_ROUNDS = 5;

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
  const pageUrl = (page: number) => `${endpoint}?page=${page}`;
  const fetched = new Map<number, T[]>([[1, first.items]]);

  const held = pages < MAX_PAGES ? ctx.heldList?.(endpoint) : undefined;
  if (held && held.limit === limit) {
    for (let round = 0; round <= PREDICTION_ROUNDS; round++) {
      const prediction = predictList(held, first.total, fetched);
      if (!prediction) break;
      if ('list' in prediction) {
        const answered = Array.from({ length: pages }, (_, i) => i + 1).filter((p) => !fetched.has(p));
        ctx.listPagesReused?.(answered.map(pageUrl));
        ctx.holdList?.(endpoint, prediction.list, limit);
        return prediction.list as T[];
      }
      const need = prediction.need.filter((p) => p <= pages);
      if (need.length === 0 || round === PREDICTION_ROUNDS) break;
      try {
        const read = await Promise.all(
          need.map((p) => ctx.call(pageUrl(p), () => fetchPage(p, limit)).then((r) => [p, r.items] as const)),
        );
        for (const [p, items] of read) fetched.set(p, items);
      } catch {
        break; // a page that fails is read again below, where a failure is skipped with a warning
      }
    }
  }

  const rest = Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2).filter((p) => !fetched.has(p));
  const more = await ctx.all(rest, pageUrl, (page) => fetchPage(page, limit).then((r) => [page, r.items] as const));
  for (const [p, items] of more) fetched.set(p, items);
  const list = [...fetched.keys()].sort((a, b) => a - b).flatMap((p) => fetched.get(p)!);
  // A list with a page skipped is not held: the next re-read reads it whole again.
  if (more.length === rest.length) ctx.holdList?.(endpoint, list, limit);
  return list;
}
