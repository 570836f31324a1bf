/**
 * Site search state (spec point 3: results, current_page, total), GET /search. An empty or
 * blank keyword makes no request and clears the results (the island shows its own
 * "type something" message); a newer search wins over an older one still in flight.
 */
import { atom, computed } from 'nanostores';
import { search as realSearch, type SearchCategory, type SearchParams, type SearchResults } from './api';
import type { Lang } from '../../i18n/config';
import { pageLang } from '../../shell/locale-store';
import { createLoader, type LoadResult } from '../../stores/request';

export interface SearchQuery {
  keyword: string;
  cate: SearchCategory;
  page: number;
}

export const EMPTY_QUERY: SearchQuery = { keyword: '', cate: 'all', page: 1 };

export function createSearchStore(search: (params: SearchParams, lang: Lang) => Promise<SearchResults> = realSearch) {
  const $query = atom<SearchQuery>(EMPTY_QUERY);
  const request = createLoader((p: SearchQuery & { lang: Lang }) =>
    search({ keyword: p.keyword, cate: p.cate, page: p.page }, p.lang),
  );

  /** Spec point 3's fields, with the state of the request next to them. */
  const $search = computed([request.$state, $query], (state, query) => ({
    status: state.status,
    error: state.error,
    query,
    results: state.data?.results ?? [],
    current_page: state.data?.currentPage ?? query.page,
    total: state.data?.total ?? 0,
    categories: state.data?.categories ?? [],
  }));

  async function run(
    query: Partial<SearchQuery>,
    options: { lang?: Lang; onFailure?: (e: unknown) => void } = {},
  ): Promise<LoadResult<SearchResults> | null> {
    const next: SearchQuery = {
      keyword: (query.keyword ?? '').trim(),
      cate: query.cate ?? 'all',
      page: query.page && query.page > 0 ? Math.floor(query.page) : 1,
    };
    $query.set(next);
    if (next.keyword === '') {
      request.reset();
      return null;
    }
    return request.load({ ...next, lang: options.lang ?? pageLang() }, { onFailure: options.onFailure });
  }

  return { $search, $searchQuery: $query, runSearch: run, resetSearch: () => void run(EMPTY_QUERY) };
}

export const { $search, $searchQuery, runSearch, resetSearch } = createSearchStore();
