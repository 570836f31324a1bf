/**
 * Static pagination for list pages (docs/routes.md: page 1 is the bare path, page n lives at
 * `page/{n}/`). Pages call `paginateEntries` in getStaticPaths to split their entries.
 */
import { DEFAULT_PAGE_SIZE } from '../api/load-rules';

export interface PageSlice<T> {
  /** 1-based page number. */
  page: number;
  totalPages: number;
  items: T[];
  /** Value of a `[...page]` rest param: undefined for page 1, 'page/2' for page 2. */
  param: string | undefined;
}

export function paginateEntries<T>(items: readonly T[], pageSize = DEFAULT_PAGE_SIZE): PageSlice<T>[] {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  return Array.from({ length: totalPages }, (_, i) => ({
    page: i + 1,
    totalPages,
    items: items.slice(i * pageSize, (i + 1) * pageSize),
    param: i === 0 ? undefined : `page/${i + 1}`,
  }));
}
