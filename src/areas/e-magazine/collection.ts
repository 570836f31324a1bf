/**
 * E-magazines (spec point 7 "Books") as one content collection, `books`, per language:
 *   template          the list page's heading, description and banner (/book/template)
 *   order             the slugs in the API's list order (/book/category/all, every page)
 *   book:{slug}       one e-magazine with its PDF and page count (/book/page/{slug})
 */
import { z } from 'zod';
import { apiCollection } from '../../collections/api-collection';
import {
  attachmentShape,
  fetchListWithDetails,
  imageShape,
  ofKind,
  orderKeys,
  orderRecord,
  orderShape,
  pick,
  publishedItemShape,
  readArea,
  recordOf,
} from '../../collections/area-records';
import { getBook, getBooks, getBookTemplate } from './api';
import type { Lang } from '../../i18n/config';

const bookShape = publishedItemShape.extend({
  kind: z.literal('book'),
  cover: imageShape,
  views: z.number().int().nonnegative(),
  bodyHtml: z.string(),
  pdf: attachmentShape,
  pages: z.number().int().nonnegative(),
});

const templateShape = z.object({
  kind: z.literal('template'),
  title: z.string().min(1),
  description: z.string(),
  banner: imageShape,
});

const bookRecordSchema = z.discriminatedUnion('kind', [bookShape, templateShape, orderShape]);
export type BookRecord = z.output<typeof bookRecordSchema>;
export type StoredBook = z.output<typeof bookShape>;

const bookKey = (slug: string) => `book:${slug}`;

export const booksCollections = {
  books: apiCollection({
    endpoint: '/book/category/all',
    schema: bookRecordSchema,
    fetch: async (ctx) => {
      const { lang } = ctx;
      const [template, { list, details: books }] = await Promise.all([
        ctx.call('/book/template', () => getBookTemplate(lang)),
        fetchListWithDetails(
          ctx,
          { endpoint: '/book/category/all', load: (page, limit) => getBooks({ page, limit }, lang) },
          { endpoint: (b) => `/book/page/${b.slug}`, load: (b) => getBook(b.slug, lang) },
        ),
      ]);
      return [
        { key: 'template', data: { kind: 'template' as const, ...template } },
        orderRecord(list.map((b) => bookKey(b.slug))),
        ...books.map((b) => ({ key: bookKey(b.slug), data: { kind: 'book' as const, ...b } })),
      ];
    },
  }),
};

/** The e-magazines of a language in list order, and the list page's template. */
export async function readBooks(lang: Lang) {
  const byKey = await readArea<BookRecord>('books', lang);
  return {
    books: ofKind(pick(byKey, orderKeys(byKey)), 'book'),
    template: recordOf(byKey, 'template', 'template'),
  };
}
