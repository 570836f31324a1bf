/**
 * Common-article area (module-based categories and contents): /common-article/*.
 * Spec point 7 "Other"; shapes in docs/api-contract.md. Module ids come from the menus.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseData, parseDataList, parseEach } from '../../api/boundary';
import { listQuery } from '../../api/load-rules';
import { attachmentSchema, isoDate, mapAttachment, idSchema } from '../../api/shared';

// ---- schemas (the API's shapes) ----

const commonCategorySchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  // Top-level categories have no parent.
  parent_id: z.nullable(idSchema),
  module_id: idSchema,
  count: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});

const commonContentSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  published_at: isoDate,
});

// The contents stay unknown here so one malformed content is skipped, not the whole category.
const commonCategoryDetailSchema = z.object({
  id: idSchema,
  title: z.string().check(z.minLength(1)),
  module_id: idSchema,
  contents: z.array(z.unknown()),
});

const commonContentDetailSchema = z.extend(commonContentSchema, {
  body_html: z.string(),
  // Contents outside any category (the "no-parent" list) have none.
  category_id: z.nullable(idSchema),
  module_id: idSchema,
  attachments: z._default(z.array(attachmentSchema), []),
});

// ---- the portal's types ----

export type CommonCategory = ReturnType<typeof mapCommonCategory>;
export type CommonContent = ReturnType<typeof mapCommonContent>;
export interface CommonCategoryDetail {
  id: string;
  title: string;
  moduleId: string;
  contents: CommonContent[];
}

export type CommonContentDetail = ReturnType<typeof mapCommonContentDetail>;
// ---- mappings ----

function mapCommonCategory(raw: z.output<typeof commonCategorySchema>) {
  return {
    id: String(raw.id),
    title: raw.title,
    parentId: raw.parent_id === null ? null : String(raw.parent_id),
    moduleId: String(raw.module_id),
    count: raw.count,
  };
}

function mapCommonContent(raw: z.output<typeof commonContentSchema>) {
  return { id: String(raw.id), title: raw.title, summary: raw.summary, publishedAt: raw.published_at };
}

function mapCommonContentDetail(raw: z.output<typeof commonContentDetailSchema>) {
  return {
    ...mapCommonContent(raw),
    bodyHtml: raw.body_html,
    categoryId: raw.category_id === null ? null : String(raw.category_id),
    moduleId: String(raw.module_id),
    attachments: raw.attachments.map(mapAttachment),
  };
}

// ---- calls ----

/** GET /common-article/category?module_id= */
export async function getCommonArticleCategories(moduleId: number | string, lang: Lang): Promise<CommonCategory[]> {
  const endpoint = '/common-article/category';
  const raw = await api.get(endpoint, { lang, query: listQuery({ module_id: moduleId }) });
  return parseDataList(endpoint, raw, commonCategorySchema, mapCommonCategory);
}

/** GET /common-article/no-parent/content/{module_id} — the module's contents that have no category. */
export async function getUncategorizedCommonContents(moduleId: number | string, lang: Lang): Promise<CommonContent[]> {
  const endpoint = `/common-article/no-parent/content/${encodeURIComponent(String(moduleId))}`;
  return parseDataList(endpoint, await api.get(endpoint, { lang }), commonContentSchema, mapCommonContent);
}

/** GET /common-article/category/{id} — a category with its contents. */
export async function getCommonArticleCategory(id: number | string, lang: Lang): Promise<CommonCategoryDetail> {
  const endpoint = `/common-article/category/${encodeURIComponent(String(id))}`;
  return parseData(endpoint, await api.get(endpoint, { lang }), commonCategoryDetailSchema, (c) => ({
    id: String(c.id),
    title: c.title,
    moduleId: String(c.module_id),
    contents: parseEach(endpoint, commonContentSchema, c.contents, mapCommonContent),
  }));
}

/** GET /common-article/content/{id} */
export async function getCommonContent(id: number | string, lang: Lang): Promise<CommonContentDetail> {
  const endpoint = `/common-article/content/${encodeURIComponent(String(id))}`;
  return parseData(endpoint, await api.get(endpoint, { lang }), commonContentDetailSchema, mapCommonContentDetail);
}
