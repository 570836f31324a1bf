/**
 * Media area (multimedia: galleries and videos): list, categories, detail.
 * Spec point 7 "Media"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import type { Lang } from '../../api/client';
import type { Paged } from '../../api/boundary';
import { DEFAULT_PAGE, listQuery } from '../../api/load-rules';
import {
  getCategoryDropdown,
  getItem,
  getPagedItems,
  mapPublishedItem,
  publishedItemFields,
} from '../../api/published-items';
import { attachmentSchema, imageSchema, mapAttachment, mapImage, type Category } from '../../api/shared';

// ---- schemas (the API's shapes) ----

export const mediaSummarySchema = z.object({
  ...publishedItemFields,
  cover: imageSchema,
  kind: z.enum(['gallery', 'video']),
});

const mediaSchema = z.extend(mediaSummarySchema, {
  body_html: z.string(),
  images: z._default(z.array(imageSchema), []),
  video: z.nullable(attachmentSchema),
});

// ---- the portal's types ----

export type MediaSummary = ReturnType<typeof mapMediaSummary>;
export type Media = ReturnType<typeof mapMedia>;

// ---- mappings ----

export function mapMediaSummary(raw: z.output<typeof mediaSummarySchema>) {
  return { ...mapPublishedItem(raw), cover: mapImage(raw.cover), kind: raw.kind };
}

function mapMedia(raw: z.output<typeof mediaSchema>) {
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
  const query = listQuery({ ...params }, { page: DEFAULT_PAGE });
  return getPagedItems('/media/category/all', query, lang, mediaSummarySchema, mapMediaSummary);
}

/** GET /media/dropdown/category */
export async function getMediaCategories(lang: Lang): Promise<Category[]> {
  return getCategoryDropdown('/media/dropdown/category', lang);
}

/** GET /media/page/{slug} */
export async function getMedia(slug: string, lang: Lang): Promise<Media> {
  return getItem('/media/page/', slug, lang, mediaSchema, mapMedia);
}
