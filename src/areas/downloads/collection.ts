/**
 * Download forms (/download-form/category, /download-form/sub-category/{id}): one record
 * per category holding its sub-categories and their files, so a changed file re-renders
 * its category page and the overview, nothing else.
 */
import { z } from 'zod';
import { getCollection } from 'astro:content';
import { apiCollection } from '../../collections/api-collection';
import { compareIds, ofLang } from '../../collections/modules';
import { getDownloadFormCategories, getDownloadFormSubCategories } from './api';
import type { Lang } from '../../i18n/config';

const fileSchema = z.object({
  name: z.string().min(1),
  url: z.string().min(1),
  mime: z.string().min(1),
  sizeBytes: z.number().int().nonnegative(),
});

const downloadCategorySchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  subCategories: z.array(z.object({ id: z.string().min(1), title: z.string().min(1), files: z.array(fileSchema) })),
});

export type DownloadCategory = z.output<typeof downloadCategorySchema>;

export const downloadCollections = {
  downloadForms: apiCollection({
    endpoint: '/download-form/category',
    schema: downloadCategorySchema,
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
