/**
 * One manual search, as the island runs it in the browser and the search page runs it when the
 * site server renders results for a request: GET /manual/search (keyword, slug, page), 12 a page.
 * A failure is an outcome to show, not an exception.
 */
import type { Lang } from '../../api/client';
import { PAGE_SIZE } from '../../ui/list-filter/types';
import { searchManuals, type Manual } from './api';
import type { ManualSearch } from './search-url';

export type ManualSearchOutcome =
  { status: 'done'; items: Manual[]; total: number; pages: number } | { status: 'error' };

export async function runManualSearch(q: ManualSearch, lang: Lang): Promise<ManualSearchOutcome> {
  try {
    const res = await searchManuals(
      { keyword: q.keyword, slug: q.group || undefined, page: q.page, limit: PAGE_SIZE },
      lang,
    );
    const pages = Math.max(1, Math.ceil(res.total / Math.max(res.limit, 1)));
    return { status: 'done', items: res.items, total: res.total, pages };
  } catch {
    return { status: 'error' };
  }
}
