/**
 * What the published-item areas — articles (content.ts), activities (activity.ts),
 * e-magazines (books.ts) and multimedia (media.ts) — share in the API: the fields every
 * item summary starts with (and the department items' extra fields), their mapping, and the calls every area makes the same way
 * (a paged list, a category dropdown, one item). Each area module adds only its own fields
 * and endpoints; the shapes are in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { api, type Lang, type Query } from './client';
import { parseData, parseDataList, parsePaged, type Paged } from './boundary';
import {
  categorySchema,
  departmentSchema,
  imageSchema,
  isoDate,
  mapCategory,
  mapOptionalImage,
  type Category,
  type Department,
  type Image,
  idSchema,
} from './shared';

/** The API's fields every article, activity, e-magazine and multimedia summary has. */
export const publishedItemFields = {
  id: idSchema,
  slug: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  category: categorySchema,
  published_at: isoDate,
};

type RawPublishedItem = z.output<z.ZodMiniObject<typeof publishedItemFields>>;

/** The portal's side of those fields. */
export interface PublishedItem {
  id: string;
  slug: string;
  title: string;
  summary: string;
  category: Category;
  publishedAt: string;
}

export function mapPublishedItem(raw: RawPublishedItem): PublishedItem {
  return {
    id: String(raw.id),
    slug: raw.slug,
    title: raw.title,
    summary: raw.summary,
    category: mapCategory(raw.category),
    publishedAt: raw.published_at,
  };
}

/**
 * Articles and activities add an optional cover and the department that published them
 * (both areas list by department: /content/category/{dept}/{cat}, /activity/category/{dept}/{cat}).
 */
export const departmentItemFields = {
  ...publishedItemFields,
  cover: z.nullable(imageSchema),
  department: z.nullable(departmentSchema),
};

type RawDepartmentItem = z.output<z.ZodMiniObject<typeof departmentItemFields>>;

export interface DepartmentItem extends PublishedItem {
  cover: Image | null;
  department: Department | null;
}

export function mapDepartmentItem(raw: RawDepartmentItem): DepartmentItem {
  return { ...mapPublishedItem(raw), cover: mapOptionalImage(raw.cover), department: raw.department };
}

/** GET one page of a list endpoint; `query` is already normalised by load-rules. */
export async function getPagedItems<S extends $ZodType, T>(
  endpoint: string,
  query: Query,
  lang: Lang,
  schema: S,
  map: (v: z.output<S>) => T,
): Promise<Paged<T>> {
  return parsePaged(endpoint, await api.get(endpoint, { lang, query }), schema, map);
}

/** GET an area's category dropdown (`/content/dropdown/category`, `/activity/…`, `/media/…`). */
export async function getCategoryDropdown(endpoint: string, lang: Lang): Promise<Category[]> {
  return parseDataList(endpoint, await api.get(endpoint, { lang }), categorySchema, mapCategory);
}

/** GET one item, `{endpoint}{key}` (`/content/page/` + slug): the key is URL-encoded here. */
export async function getItem<S extends $ZodType, T>(
  endpoint: string,
  key: string | number,
  lang: Lang,
  schema: S,
  map: (v: z.output<S>) => T,
): Promise<T> {
  const path = `${endpoint}${encodeURIComponent(String(key))}`;
  return parseData(path, await api.get(path, { lang }), schema, map);
}
