/**
 * Content area (articles): /content/* and the news feeds under /common/*.
 * Spec point 7 "Content"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseDataList, type Paged } from '../../api/boundary';
import { pagedListQuery } from '../../api/load-rules';
import {
  departmentItemFields,
  getCategoryDropdown,
  getItem,
  getPagedItems,
  mapDepartmentItem,
  publishedItemFields,
} from '../../api/published-items';
import {
  attachmentSchema,
  imageSchema,
  isoDate,
  mapAttachment,
  mapOptionalImage,
  type Category,
} from '../../api/shared';

// ---- schemas (the API's shapes) ----

const articleSummarySchema = z.object({
  ...departmentItemFields,
  views: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});

// Built on first use, not at module load: the list-filter island imports this module for its list
// calls only, and a schema built at module load would ship in it (bundlers keep zod calls). Built
// once: a new schema per record would be built again for every record of the content sync.
const buildArticleSchema = () =>
  z.extend(articleSummarySchema, {
    body_html: z.string(),
    updated_at: isoDate,
    attachments: z._default(z.array(attachmentSchema), []),
    // Only which articles: their cards come from their own records (see mapArticle).
    related: z._default(z.array(z.object({ slug: departmentItemFields.slug })), []),
  });
let articleSchemaOnce: ReturnType<typeof buildArticleSchema> | undefined;
const articleSchema = () => (articleSchemaOnce ??= buildArticleSchema());

const { id, slug, title, summary, published_at } = publishedItemFields;
const newsItemSchema = z.object({
  type: z.enum(['article', 'activity']),
  id,
  slug,
  title,
  summary,
  cover: z.nullable(imageSchema),
  published_at,
  source: z.enum(['own', 'moc']),
});

// ---- the portal's types ----

export type ArticleSummary = ReturnType<typeof mapArticleSummary>;
export type Article = ReturnType<typeof mapArticle>;
export type NewsItem = ReturnType<typeof mapNewsItem>;
// ---- mappings ----

export function mapArticleSummary(raw: z.output<typeof articleSummarySchema>) {
  return {
    ...mapDepartmentItem(raw),
    views: raw.views,
  };
}

function mapArticle(raw: z.output<ReturnType<typeof articleSchema>>) {
  return {
    ...mapArticleSummary(raw),
    bodyHtml: raw.body_html,
    updatedAt: raw.updated_at,
    attachments: raw.attachments.map(mapAttachment),
    // References to the related articles, in the API's order. A related item repeats another
    // article's summary; the detail page shows that article's own record instead, so a page
    // names every record it shows (its cacheKey) and the store holds each summary once. Kept
    // as `{ slug }` so the publisher's detail cache sees which records an answer names.
    related: raw.related.map((r) => ({ slug: r.slug })),
  };
}

export function mapNewsItem(raw: z.output<typeof newsItemSchema>) {
  return {
    type: raw.type,
    id: String(raw.id),
    slug: raw.slug,
    title: raw.title,
    summary: raw.summary,
    cover: mapOptionalImage(raw.cover),
    publishedAt: raw.published_at,
    source: raw.source,
  };
}

export { articleSummarySchema, newsItemSchema };

// ---- calls ----

export interface ArticleListParams {
  keyword?: string;
  page?: number;
  limit?: number;
}

/** GET /content/page/{slug} */
export async function getArticle(slug: string, lang: Lang): Promise<Article> {
  return getItem('/content/page/', slug, lang, articleSchema(), mapArticle);
}

/** GET /content/category/all */
export async function getArticles(params: ArticleListParams, lang: Lang): Promise<Paged<ArticleSummary>> {
  return getPagedItems(
    '/content/category/all',
    pagedListQuery({ ...params }),
    lang,
    articleSummarySchema,
    mapArticleSummary,
  );
}

/** GET /content/category/{slug} */
export async function getArticlesOfCategory(
  slug: string,
  params: ArticleListParams,
  lang: Lang,
): Promise<Paged<ArticleSummary>> {
  const endpoint = `/content/category/${encodeURIComponent(slug)}`;
  return getPagedItems(endpoint, pagedListQuery({ ...params }), lang, articleSummarySchema, mapArticleSummary);
}

/** GET /content/category/{department}/{slug} */
export async function getArticlesOfDepartment(
  department: string,
  slug: string,
  params: ArticleListParams & { region?: string; province?: string },
  lang: Lang,
): Promise<Paged<ArticleSummary>> {
  const endpoint = `/content/category/${encodeURIComponent(department)}/${encodeURIComponent(slug)}`;
  return getPagedItems(endpoint, pagedListQuery({ ...params }), lang, articleSummarySchema, mapArticleSummary);
}

/** GET /content/dropdown/category */
export async function getArticleCategories(lang: Lang): Promise<Category[]> {
  return getCategoryDropdown('/content/dropdown/category', lang);
}

/** GET /content/rss — the 20 newest articles. */
export async function getRssArticles(lang: Lang): Promise<ArticleSummary[]> {
  const endpoint = '/content/rss';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), articleSummarySchema, mapArticleSummary);
}

export type NewsFeed = 'public-news' | 'public-news/moc' | 'activity' | 'activity/moc';

/** GET /common/public-news, /common/public-news/moc, /common/activity, /common/activity/moc */
export async function getNewsFeed(feed: NewsFeed, lang: Lang): Promise<NewsItem[]> {
  const endpoint = `/common/${feed}`;
  return parseDataList(endpoint, await api.get(endpoint, { lang }), newsItemSchema, mapNewsItem);
}

// Activities share these with articles (see activity.ts for why they come through here).
export { departmentItemFields, getCategoryDropdown, getItem, getPagedItems, mapDepartmentItem };
