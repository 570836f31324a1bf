/**
 * Multimedia (spec point 7 "Media") as one list collection, `media`, per language
 * (src/collections/area-collection.ts):
 *   order             the slugs in the API's list order (/media/category/all, every page)
 *   media:{slug}      one gallery or video with its images and video file (/media/page/{slug})
 *   categories        the categories the list filter offers (/media/dropdown/category)
 */
import { listArea, readListArea, type OrderRecord, type Stored } from '../../collections/area-collection';
import { fetchAllPages, recordOf } from '../../collections/area-records';
import { getMedia, getMediaCategories, getMediaList, type Media } from './api';
import type { Category } from '../../api/shared';
import type { Lang } from '../../i18n/config';

/** The API's `kind` (gallery/video) is stored as mediaKind: `kind` names the record type here. */
export type StoredMedia = Stored<'media', Media & { mediaKind: Media['kind'] }>;
type MediaRecord = StoredMedia | Stored<'categories', { list: Category[] }> | OrderRecord;

export const collections = {
  media: listArea({
    endpoint: '/media/category/all',
    list: (ctx) => fetchAllPages(ctx, '/media/category/all', (page, limit) => getMediaList({ page, limit }, ctx.lang)),
    kind: 'media',
    key: (m) => m.slug,
    detail: { endpoint: (m) => `/media/page/${m.slug}`, load: (m, lang) => getMedia(m.slug, lang) },
    store: ({ kind: mediaKind, ...m }) => ({ ...m, mediaKind }),
    extras: {
      categories: async (ctx) => ({
        list: await ctx.call('/media/dropdown/category', () => getMediaCategories(ctx.lang)),
      }),
    },
  }),
};

/** The multimedia items of a language in list order, and the categories the list filter offers. */
export async function readMedia(lang: Lang) {
  const { byKey, items } = await readListArea<MediaRecord, 'media'>('media', lang, 'media');
  return { media: items, categories: recordOf(byKey, 'categories', 'categories') };
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
