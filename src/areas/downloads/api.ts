/**
 * Download forms area: /download-form/category and /download-form/sub-category/{category_id}.
 * Spec point 7 "Other"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import { api, type Lang } from '../../api/client';
import { parseDataList } from '../../api/boundary';
import { attachmentSchema, mapAttachment, type Attachment } from '../../api/shared';

// ---- schemas (the API's shapes) ----

const formCategorySchema = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string().check(z.minLength(1)),
  count: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});

const formSubCategorySchema = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string().check(z.minLength(1)),
  files: z._default(z.array(attachmentSchema), []),
});

// ---- the portal's types ----

export interface DownloadFormCategory {
  id: string;
  title: string;
  count: number;
}

export interface DownloadFormSubCategory {
  id: string;
  title: string;
  files: Attachment[];
}

// ---- mappings ----

function mapFormCategory(raw: z.output<typeof formCategorySchema>): DownloadFormCategory {
  return { id: String(raw.id), title: raw.title, count: raw.count };
}

function mapFormSubCategory(raw: z.output<typeof formSubCategorySchema>): DownloadFormSubCategory {
  return { id: String(raw.id), title: raw.title, files: raw.files.map(mapAttachment) };
}

// ---- calls ----

/** GET /download-form/category */
export async function getDownloadFormCategories(lang: Lang): Promise<DownloadFormCategory[]> {
  const endpoint = '/download-form/category';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), formCategorySchema, mapFormCategory);
}

/** GET /download-form/sub-category/{category_id} — the sub-categories of a category, each with its files. */
export async function getDownloadFormSubCategories(
  categoryId: number | string,
  lang: Lang,
): Promise<DownloadFormSubCategory[]> {
  const endpoint = `/download-form/sub-category/${encodeURIComponent(String(categoryId))}`;
  return parseDataList(endpoint, await api.get(endpoint, { lang }), formSubCategorySchema, mapFormSubCategory);
}
