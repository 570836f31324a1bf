/**
 * The search as it lives in the address bar, `?q=…&cate=…&page=…`, so a search can be shared
 * and the back button returns to the previous one. `cate=all` and `page=1` are left out to
 * keep shared addresses short; anything malformed falls back to its default.
 */
import type { SearchCategory, SearchType } from './api';
import type { SearchQuery } from './store';

/**
 * The result types of src/areas/search/api.ts (SEARCH_TYPES), repeated here because importing that
 * module would bring the API's validation library into the page before any search is made.
 * The type check below fails the build when the two lists differ.
 */
const TYPES = [
  'article',
  'activity',
  'purchase',
  'manual',
  'faq',
  'law',
  'book',
  'media',
] as const satisfies readonly SearchType[];
type Missing = Exclude<SearchType, (typeof TYPES)[number]>;
const SAME_AS_API: [Missing] extends [never] ? true : never = true;
void SAME_AS_API;

const MAX_KEYWORD = 200; // the API answers 400 beyond this (docs/api-contract.md "Limits")

function isCategory(value: string | null): value is SearchCategory {
  return value === 'all' || (TYPES as readonly string[]).includes(value ?? '');
}

export function readSearchUrl(search: string): SearchQuery {
  const params = new URLSearchParams(search);
  const cate = params.get('cate');
  const page = Number(params.get('page'));
  return {
    keyword: (params.get('q') ?? '').trim().slice(0, MAX_KEYWORD),
    cate: isCategory(cate) ? cate : 'all',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** `?q=…` for a query (or '' for the empty query), to append to the search page's path. */
export function searchUrlQuery(query: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set('q', query.keyword);
  if (query.keyword && query.cate !== 'all') params.set('cate', query.cate);
  if (query.keyword && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A plain left click without modifier keys: the island handles it; anything else (new tab…) the browser does. */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
