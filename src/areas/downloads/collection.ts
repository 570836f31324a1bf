/**
 * Download forms (/download-form/category, /download-form/sub-category/{id}): one record
 * per category holding its sub-categories and their files, so a changed file re-renders
 * its category page and the overview, nothing else.
 */
import { getCollection } from 'astro:content';
import { apiCollection } from '../../collections/api-collection';
import { storedRecords } from '../../collections/area-collection';
import { compareIds, ofLang } from '../../shell/modules';
import {
  getDownloadFormCategories,
  getDownloadFormSubCategories,
  type DownloadFormCategory,
  type DownloadFormSubCategory,
} from './api';
import type { Lang } from '../../i18n/config';

/** A category with its sub-categories and their files (the API's mappings, api.ts). */
export type DownloadCategory = Omit<DownloadFormCategory, 'count'> & { subCategories: DownloadFormSubCategory[] };

export const collections = {
  downloadForms: apiCollection({
    endpoint: '/download-form/category',
    schema: storedRecords<DownloadCategory>(null),
    fetch: async (ctx) => {
      const categories = await ctx.call('/download-form/category', () => getDownloadFormCategories(ctx.lang));
      const withSubs = await ctx.all(
        categories,
        (c) => `/download-form/sub-category/${c.id}`,
        async (c) => ({ id: c.id, title: c.title, subCategories: await getDownloadFormSubCategories(c.id, ctx.lang) }),
      );
      return withSubs.map((c) => ({ key: c.id, data: c }));
    },
  }),
};

/** The categories of a language in the API's order (by id). */
export async function getDownloadCategoryEntries(lang: Lang) {
  return ofLang(await getCollection('downloadForms'), lang).sort((a, b) => compareIds(a.data.id, b.data.id));
}

/** Number of files of a category, counted from what the page will list. */
export function fileCount(category: DownloadCategory): number {
  return category.subCategories.reduce((n, s) => n + s.files.length, 0);
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
