/**
 * The getStaticPaths of the list and detail pages, written once.
 *
 * Every such page is built for both languages, names in its cacheKey exactly the records it
 * shows (plus the shell, see ./shell), and — for lists — is split 12 a page with page 1 at
 * the bare path and page n at `page/{n}/` (docs/routes.md). Pages only say which records they
 * show and under which params; the loop, the pagination and the cacheKey live here.
 */
import { LANGS, paramForLang, type Lang } from '../i18n';
import { paginateEntries } from '../ui/paginate';
import { pageSource, type AreaEntry } from '../collections/area-records';
import type { DigestSource } from '../collections/api-collection';
import { pageCacheKey } from './collection';

type Source = DigestSource | readonly DigestSource[] | undefined;

/** One paginated list a page route shows: where it lives and what it shows besides its entries. */
export interface ListSpec<D, P extends object> {
  /** Route params besides `lang` and `page` (e.g. `{ slug: category.slug }`). */
  params?: Record<string, string | undefined>;
  /** Props besides `lang`, `page`, `totalPages` and `items`. */
  props: P;
  /** The list's entries in display order; each page shows 12 of them. */
  entries: readonly AreaEntry<D>[];
  /** Other records every page of this list shows (a template, the category names…). */
  shows?: Source[];
}

export type ListPageProps<D, P> = P & { lang: Lang; page: number; totalPages: number; items: D[] };

/** Paths for every page of every list `listsOf(lang)` returns, in both languages. */
export async function listPagePaths<D, P extends object>(listsOf: (lang: Lang) => Promise<ListSpec<D, P>[]>) {
  const paths = [];
  for (const lang of LANGS) {
    for (const list of await listsOf(lang)) {
      for (const slice of paginateEntries(list.entries)) {
        const props: ListPageProps<D, P> = {
          ...list.props,
          lang,
          page: slice.page,
          totalPages: slice.totalPages,
          items: slice.items.map((e) => e.data),
        };
        paths.push({
          params: { ...list.params, lang: paramForLang(lang), page: slice.param },
          props,
          cacheKey: await pageCacheKey(
            lang,
            ...(list.shows ?? []),
            slice.items,
            pageSource(slice.page, slice.totalPages),
          ),
        });
      }
    }
  }
  return paths;
}

/** One detail page a route shows: its params, its props, and the records it shows. */
export interface DetailSpec<P extends object> {
  params: Record<string, string>;
  props: P;
  shows: Source[];
}

/** Paths for every detail page `pagesOf(lang)` returns, in both languages. */
export async function detailPagePaths<P extends object>(pagesOf: (lang: Lang) => Promise<DetailSpec<P>[]>) {
  const paths = [];
  for (const lang of LANGS) {
    for (const page of await pagesOf(lang)) {
      paths.push({
        params: { ...page.params, lang: paramForLang(lang) },
        props: { ...page.props, lang } as P & { lang: Lang },
        cacheKey: await pageCacheKey(lang, ...page.shows),
      });
    }
  }
  return paths;
}

/** A stand-in for a category navigation: its pages change when a category is renamed. */
export function categoryNavSource(categories: readonly { id: string; title: string }[]): DigestSource {
  return { id: 'categories', digest: categories.map((c) => `${c.id}=${c.title}`).join('|') };
}

/**
 * Paths of a page built once per language (an area's first page: /contact/, /services/, …):
 * `pageOf(lang)` gives its props and the records it shows (named in its cacheKey).
 */
export const languagePagePaths = <P extends object>(pageOf: (lang: Lang) => Promise<{ props: P; shows: Source[] }>) =>
  detailPagePaths(async (lang) => [{ params: {}, ...(await pageOf(lang)) }]);

/**
 * Paths of a page that shows no record of its own (the web board's and the member's account
 * pages, whose island fetches what it shows; the search; the site map, made of the shell's
 * menus): both languages, the shell's cacheKey.
 */
export const shellPagePaths = () => detailPagePaths(async () => [{ params: {}, props: {}, shows: [] }]);
