/**
 * The contract between the filter island and each list kind. A kind module (kinds/<kind>.tsx)
 * is loaded with a dynamic import only when a filter is applied, so a page downloads only its
 * own kind's API module, and only when the visitor filters.
 */
import type { ReactNode } from 'react';
import type { Lang } from '../../i18n/config';

export type FilterKind = 'articles' | 'activities' | 'procurement' | 'manuals' | 'laws' | 'faq' | 'provinces';

/** The filter as it is in the address: ?q=…&cat=…&sub=…&region=…&page=… */
export interface FilterState {
  q: string;
  cat: string;
  sub: string;
  region: string;
  page: number;
}

export interface FilterQuery extends FilterState {
  /** Fixed filters of the page (Filterable's `fixed` prop), e.g. { category }, { gid }. */
  fixed: Record<string, string>;
}

export interface ResultPage {
  items: ReactNode[];
  total: number;
  pageSize: number;
}

export interface KindModule {
  search(query: FilterQuery, lang: Lang): Promise<ResultPage>;
}

export const PAGE_SIZE = 12;

/** The dynamic import of each kind: one chunk per kind, with only its own API module. */
export const KIND_LOADERS: Record<FilterKind, () => Promise<KindModule>> = {
  articles: () => import('./kinds/articles'),
  activities: () => import('./kinds/activities'),
  procurement: () => import('./kinds/procurement'),
  manuals: () => import('./kinds/manuals'),
  laws: () => import('./kinds/laws'),
  faq: () => import('./kinds/faq'),
  provinces: () => import('./kinds/provinces'),
};
