/**
 * Media area (multimedia: galleries and videos): list, categories, detail.
 * Spec point 7 "Media"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import { api, type Lang } from './client';
import { parseData, parseDataList, parsePaged, type Paged } from './boundary';
import { DEFAULT_PAGE, listQuery } from './load-rules';
import {
  attachmentSchema,
  categorySchema,
  imageSchema,
  isoDate,
  mapAttachment,
  mapCategory,
  mapImage,
  type Attachment,
  type Category,
  type Image,
} from './shared';

// ---- schemas (the API's shapes) ----

export const mediaSummarySchema = z.object({
  id: z.union([z.number(), z.string().check(z.minLength(1))]),
  slug: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  cover: imageSchema,
  kind: z.enum(['gallery', 'video']),
  published_at: isoDate,
  category: categorySchema,
});

const mediaSchema = z.extend(mediaSummarySchema, {
  body_html: z.string(),
  images: z._default(z.array(imageSchema), []),
  video: z.nullable(attachmentSchema),
});

// ---- the portal's types ----

export type MediaKind = 'gallery' | 'video';

export interface MediaSummary {
  id: string;
  slug: string;
  title: string;
  summary: string;
  cover: Image;
  kind: MediaKind;
  publishedAt: string;
  category: Category;
}

export interface Media extends MediaSummary {
  bodyHtml: string;
  images: Image[];
  video: Attachment | null;
}

// ---- mappings ----

export function mapMediaSummary(raw: z.output<typeof mediaSummarySchema>): MediaSummary {
  return {
    id: String(raw.id),
    slug: raw.slug,
    title: raw.title,
    summary: raw.summary,
    cover: mapImage(raw.cover),
    kind: raw.kind,
    publishedAt: raw.published_at,
    category: mapCategory(raw.category),
  };
}

function mapMedia(raw: z.output<typeof mediaSchema>): Media {
  return {
    ...mapMediaSummary(raw),
    bodyHtml: raw.body_html,
    images: raw.images.map(mapImage),
    video: raw.video ? mapAttachment(raw.video) : null,
  };
}

// ---- calls ----

export interface MediaListParams {
  keyword?: string;
  /** Category id; -1 (spec point 5 sentinel) or absent means every category. */
  cid?: number | string;
  page?: number;
  limit?: number;
}

/** GET /media/category/all (keyword, cid, page, limit) */
export async function getMediaList(params: MediaListParams, lang: Lang): Promise<Paged<MediaSummary>> {
  const endpoint = '/media/category/all';
  const raw = await api.get(endpoint, { lang, query: listQuery({ ...params }, { page: DEFAULT_PAGE }) });
  return parsePaged(endpoint, raw, mediaSummarySchema, mapMediaSummary);
}

/** GET /media/dropdown/category */
export async function getMediaCategories(lang: Lang): Promise<Category[]> {
  const endpoint = '/media/dropdown/category';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), categorySchema, mapCategory);
}

/** GET /media/page/{slug} */
export async function getMedia(slug: string, lang: Lang): Promise<Media> {
  const endpoint = `/media/page/${encodeURIComponent(slug)}`;
  return parseData(endpoint, await api.get(endpoint, { lang }), mediaSchema, mapMedia);
}
