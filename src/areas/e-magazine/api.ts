/**
 * Books area (e-magazines): template, list, view counter, detail.
 * Spec point 7 "Books"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, type Paged } from '../../api/boundary';
import { DEFAULT_PAGE, listQuery } from '../../api/load-rules';
import { getItem, getPagedItems, mapPublishedItem, publishedItemFields } from '../../api/published-items';
import { attachmentSchema, imageSchema, mapAttachment, mapImage, type Image } from '../../api/shared';

// ---- schemas (the API's shapes) ----

export const bookSummarySchema = z.object({
  ...publishedItemFields,
  cover: imageSchema,
  views: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});

const bookSchema = z.extend(bookSummarySchema, {
  body_html: z.string(),
  pdf: attachmentSchema,
  pages: z.number().check(z.int(), z.nonnegative()),
});

const bookTemplateSchema = z.object({
  title: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  banner: imageSchema,
});

// ---- the portal's types ----

export type BookSummary = ReturnType<typeof mapBookSummary>;
export type Book = ReturnType<typeof mapBook>;

/** The e-magazine page's heading and banner. */
export interface BookTemplate {
  title: string;
  description: string;
  banner: Image;
}

// ---- mappings ----

export function mapBookSummary(raw: z.output<typeof bookSummarySchema>) {
  return { ...mapPublishedItem(raw), cover: mapImage(raw.cover), views: raw.views };
}

function mapBook(raw: z.output<typeof bookSchema>) {
  return { ...mapBookSummary(raw), bodyHtml: raw.body_html, pdf: mapAttachment(raw.pdf), pages: raw.pages };
}

// ---- calls ----

export interface BookListParams {
  keyword?: string;
  page?: number;
  limit?: number;
}

/** GET /book/template */
export async function getBookTemplate(lang: Lang): Promise<BookTemplate> {
  const endpoint = '/book/template';
  return parseData(endpoint, await api.get(endpoint, { lang }), bookTemplateSchema, (v) => ({
    title: v.title,
    description: v.description,
    banner: mapImage(v.banner),
  }));
}

/** GET /book/category/all (page, keyword, limit) */
export async function getBooks(params: BookListParams, lang: Lang): Promise<Paged<BookSummary>> {
  const query = listQuery({ ...params }, { page: DEFAULT_PAGE });
  return getPagedItems('/book/category/all', query, lang, bookSummarySchema, mapBookSummary);
}

/** GET /book/page/{slug} */
export async function getBook(slug: string, lang: Lang): Promise<Book> {
  return getItem('/book/page/', slug, lang, bookSchema, mapBook);
}
