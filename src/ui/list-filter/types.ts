/**
 * The contract between the filter island and each list kind. A kind module (src/areas/<area>/filter.tsx)
 * is loaded with a dynamic import only when a filter is applied, so a page downloads only its
 * own kind's API module, and only when the visitor filters. The import is written in the kind's
 * island entry (src/areas/<area>/<Kind>Filter.tsx), so no page's JavaScript even names another kind's chunk.
 */
import type { ReactNode } from 'react';
import type { Lang } from '../../i18n/config';
import type { Translate } from '../../i18n/translator';

/**
 * An area's list filter, as its manifest declares it (src/areas/<area>/manifest.ts): what the
 * shared filter needs to know of the kind, as data. The shared code names no kind.
 */
export interface ListFilterSpec {
  /** The kind's name: `data-filterable`, the static list's id. */
  readonly kind: string;
  /**
   * Address parameters that, present on arrival (a shared URL), hydrate the island at once
   * (the `client:interaction` value, src/integrations/hydrate-on-interaction).
   */
  readonly params: string;
  /** Keys of the `common` translations the kind's item component reads, besides the filter's own. */
  readonly keys?: readonly string[];
  /** Keys of other namespaces the item component reads (provinces: the contact lines). */
  readonly namespaces?: Readonly<Record<string, readonly string[]>>;
  /** The category select's label: `filters.group` or `filters.category` (the default). */
  readonly categoryLabel?: 'group' | 'category';
  /** Live results as a card grid (else a column). */
  readonly grid?: boolean;
  /** Offers the list's order (newest or oldest first). */
  readonly sort?: boolean;
}

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
