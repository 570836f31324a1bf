/**
 * Multimedia (spec point 7 "Media") as one content collection, `media`, per language:
 *   order             the slugs in the API's list order (/media/category/all, every page)
 *   media:{slug}      one gallery or video with its images and video file (/media/page/{slug})
 *   categories        the categories the list filter offers (/media/dropdown/category)
 */
import { z } from 'zod';
import { apiCollection } from '../../collections/api-collection';
import {
  attachmentShape,
  categoryShape,
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
import { getMedia, getMediaCategories, getMediaList } from './api';
import type { Lang } from '../../i18n/config';

const mediaShape = publishedItemShape.extend({
  kind: z.literal('media'),
  cover: imageShape,
  mediaKind: z.enum(['gallery', 'video']),
  bodyHtml: z.string(),
  images: z.array(imageShape),
  video: attachmentShape.nullable(),
});

const categoriesShape = z.object({ kind: z.literal('categories'), list: z.array(categoryShape) });

const mediaRecordSchema = z.discriminatedUnion('kind', [mediaShape, orderShape, categoriesShape]);
export type MediaRecord = z.output<typeof mediaRecordSchema>;
export type StoredMedia = z.output<typeof mediaShape>;

const mediaKey = (slug: string) => `media:${slug}`;

export const mediaCollections = {
  media: apiCollection({
    endpoint: '/media/category/all',
    schema: mediaRecordSchema,
    fetch: async (ctx) => {
      const { lang } = ctx;
      const [{ list, details }, categories] = await Promise.all([
        fetchListWithDetails(
          ctx,
          { endpoint: '/media/category/all', load: (page, limit) => getMediaList({ page, limit }, lang) },
          { endpoint: (m) => `/media/page/${m.slug}`, load: (m) => getMedia(m.slug, lang) },
        ),
        ctx.call('/media/dropdown/category', () => getMediaCategories(lang)),
      ]);
      return [
        orderRecord(list.map((m) => mediaKey(m.slug))),
        { key: 'categories', data: { kind: 'categories' as const, list: categories } },
        // The API's `kind` (gallery/video) is stored as mediaKind: `kind` names the record type here.
        ...details.map(({ kind: mediaKind, ...m }) => ({
          key: mediaKey(m.slug),
          data: { ...m, kind: 'media' as const, mediaKind },
        })),
      ];
    },
  }),
};

/** The multimedia items of a language in list order, and the categories the list filter offers. */
export async function readMedia(lang: Lang) {
  const byKey = await readArea<MediaRecord>('media', lang);
  return {
    media: ofKind(pick(byKey, orderKeys(byKey)), 'media'),
    categories: recordOf(byKey, 'categories', 'categories'),
  };
}
