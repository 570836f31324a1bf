/**
 * Site search: GET /search (keyword, cate, page). Spec point 7 "Other", spec point 3 Search.
 * The API returns each hit's type and key; the portal builds its own address from them
 * (docs/routes.md), because the API does not know the portal's routes.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseEach, parseOrThrow, parseResults } from '../../api/boundary';
import { DEFAULT_PAGE, listQuery } from '../../api/load-rules';
import { isoDate, idSchema } from '../../api/shared';

export const SEARCH_TYPES = ['article', 'activity', 'purchase', 'manual', 'faq', 'law', 'book', 'media'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** The `cate` filter: one type or every type. */
export type SearchCategory = SearchType | 'all';

/** Which key of a hit addresses its page. */
const KEY_OF: Record<SearchType, 'slug' | 'id' | 'uuid'> = {
  article: 'slug',
  activity: 'id',
  purchase: 'uuid',
  manual: 'uuid',
  faq: 'id',
  law: 'id',
  book: 'slug',
  media: 'slug',
};

// ---- schemas (the API's shapes) ----

const optionalKey = z.optional(z.nullable(idSchema));

const searchResultSchema = z
  .object({
    type: z.enum(SEARCH_TYPES),
    id: optionalKey,
    slug: z.optional(z.nullable(z.string().check(z.minLength(1)))),
    uuid: z.optional(z.nullable(z.string().check(z.minLength(1)))),
    title: z.string().check(z.minLength(1)),
    summary: z._default(z.string(), ''),
    published_at: z.optional(z.nullable(isoDate)),
  })
  // A hit without the key its page needs cannot be linked: skip it, naming the missing field.
  .check(
    z.superRefine((hit, ctx) => {
      const key = KEY_OF[hit.type];
      if (hit[key] === null || hit[key] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: `is required for a ${hit.type} result` });
      }
    }),
  );

const searchCategorySchema = z.object({
  cate: z.enum(['all', ...SEARCH_TYPES]),
  count: z.number().check(z.int(), z.nonnegative()),
});

const searchExtrasSchema = z.object({ categories: z._default(z.array(z.unknown()), []) });

// ---- the portal's types ----

export interface SearchResult {
  type: SearchType;
  id: string | null;
  slug: string | null;
  uuid: string | null;
  title: string;
  summary: string;
  publishedAt: string | null;
  /** Language-neutral portal path (`/article/{slug}/`); the page adds `/en` for English. */
  path: string;
}

export interface SearchCategoryCount {
  cate: SearchCategory;
  count: number;
}

export interface SearchResults {
  results: SearchResult[];
  currentPage: number;
  total: number;
  categories: SearchCategoryCount[];
}

// ---- mappings ----

/** The portal page of a hit (docs/routes.md). */
export function searchResultPath(type: SearchType, key: string): string {
  const k = encodeURIComponent(key);
  switch (type) {
    case 'article':
      return `/article/${k}/`;
    case 'activity':
      return `/activity/${k}/`;
    case 'purchase':
      return `/procurement/${k}/`;
    case 'manual':
      return `/manuals/${k}/`;
    case 'faq':
      // FAQs and laws have no page of their own: link the list, anchored at the entry.
      return `/faq/#faq-${k}`;
    case 'law':
      return `/laws/#law-${k}`;
    case 'book':
      return `/e-magazine/${k}/`;
    case 'media':
      return `/multimedia/${k}/`;
  }
}

const keyText = (v: string | number | null | undefined): string | null =>
  v === null || v === undefined ? null : String(v);

function mapSearchResult(raw: z.output<typeof searchResultSchema>): SearchResult {
  const id = keyText(raw.id);
  const slug = keyText(raw.slug);
  const uuid = keyText(raw.uuid);
  const key = { id, slug, uuid }[KEY_OF[raw.type]] as string; // guaranteed by the schema's refinement
  return {
    type: raw.type,
    id,
    slug,
    uuid,
    title: raw.title,
    summary: raw.summary,
    publishedAt: raw.published_at ?? null,
    path: searchResultPath(raw.type, key),
  };
}

// ---- calls ----

export interface SearchParams {
  keyword?: string;
  /** Defaults to every type. */
  cate?: SearchCategory;
  page?: number;
}

/** GET /search (keyword, cate, page) — 10 hits a page, with the hit count of each type. */
export async function search(params: SearchParams, lang: Lang): Promise<SearchResults> {
  const endpoint = '/search';
  const raw = await api.get(endpoint, { lang, query: listQuery({ ...params }, { page: DEFAULT_PAGE }) });
  const parsed = parseResults(endpoint, raw, searchResultSchema, mapSearchResult);
  const extras = parseOrThrow(endpoint, searchExtrasSchema, parsed.raw);
  const categories = parseEach(endpoint, searchCategorySchema, extras.categories, (v) => v);
  return { results: parsed.results, currentPage: parsed.currentPage, total: parsed.total, categories };
}
