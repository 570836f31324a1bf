/**
 * The contract between the filter island and each list kind. A kind module (src/areas/<area>/filter.tsx)
 * is loaded with a dynamic import only when a filter is applied, so a page downloads only its
 * own kind's API module, and only when the visitor filters. The import is written in the kind's
 * island entry (src/areas/<area>/<Kind>Filter.tsx), so no page's JavaScript even names another kind's chunk.
 */
import type { ReactNode } from 'react';
import type { Lang } from '../../i18n/config';
import type { Translate } from '../../i18n/translator';

export type FilterKind =
  'articles' | 'activities' | 'procurement' | 'manuals' | 'laws' | 'faq' | 'provinces' | 'media' | 'books';

/** The filter as it is in the address: ?q=…&cat=…&sub=…&region=…&province=…&page=… */
export interface FilterState {
  q: string;
  cat: string;
  sub: string;
  region: string;
  /** A province's id (department article lists: the API's `province`). */
  province: string;
  /** Order of the list where the kind offers one (activities: '' = newest first, 'oldest'). */
  sort: string;
  page: number;
}

export interface FilterQuery extends FilterState {
  /** Fixed filters of the page (Filterable's `fixed` prop), e.g. { category }, { gid }. */
  fixed: Record<string, string>;
  /** Titles of the page's categories and sub-categories by id, for items that name theirs. */
  titles: { categories: Map<string, string>; subCategories: Map<string, string> };
}

export interface ResultPage {
  items: ReactNode[];
  total: number;
  pageSize: number;
}

export interface KindModule {
  /** One page of live results, rendered by the same components as the static list (with `t`). */
  search(query: FilterQuery, lang: Lang, t: Translate): Promise<ResultPage>;
}

export const PAGE_SIZE = 12;
