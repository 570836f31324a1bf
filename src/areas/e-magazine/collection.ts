/**
 * E-magazines (spec point 7 "Books") as one list collection, `books`, per language
 * (src/collections/area-collection.ts):
 *   template          the list page's heading, description and banner (/book/template)
 *   order             the slugs in the API's list order (/book/category/all, every page)
 *   book:{slug}       one e-magazine with its PDF and page count (/book/page/{slug})
 */
import { listArea, readListArea, type OrderRecord, type Stored } from '../../collections/area-collection';
import { fetchAllPages, recordOf } from '../../collections/area-records';
import { getBook, getBooks, getBookTemplate, type Book, type BookTemplate } from './api';
import type { Lang } from '../../i18n/config';

export type StoredBook = Stored<'book', Book>;
type BookRecord = StoredBook | Stored<'template', BookTemplate> | OrderRecord;

export const collections = {
  books: listArea({
    endpoint: '/book/category/all',
    list: (ctx) => fetchAllPages(ctx, '/book/category/all', (page, limit) => getBooks({ page, limit }, ctx.lang)),
    kind: 'book',
    key: (b) => b.slug,
    detail: { endpoint: (b) => `/book/page/${b.slug}`, load: (b, lang) => getBook(b.slug, lang) },
    extras: { template: (ctx) => ctx.call('/book/template', () => getBookTemplate(ctx.lang)) },
  }),
};

/** The e-magazines of a language in list order, and the list page's template. */
export async function readBooks(lang: Lang) {
  const { byKey, items } = await readListArea<BookRecord, 'book'>('books', lang, 'book');
  return { books: items, template: recordOf(byKey, 'template', 'template') };
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
