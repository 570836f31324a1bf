/**
 * Common articles (/common-article/*) for every common-article module the menus link to
 * (src/shell/modules.ts). One collection, three record types:
 *   `module-{moduleId}`    the module page: its categories and the contents with no category
 *   `category-{id}`        a category page: its contents
 *   `content-{id}`         a content's detail page
 * The API's common-article answers carry no module title, so the module's title is the
 * menu entry's that links to it.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { apiCollection } from '../../collections/api-collection';
import { storedRecords } from '../../collections/area-collection';
import { compareIds, discoverModules, ofLang, type Narrow } from '../../shell/modules';
import {
  getCommonArticleCategories,
  getCommonArticleCategory,
  getCommonContent,
  getUncategorizedCommonContents,
  type CommonCategory,
  type CommonContent,
  type CommonContentDetail,
} from './api';
import type { Lang } from '../../i18n/config';

type CommonArticleRecord =
  | {
      type: 'module';
      moduleId: string;
      title: string;
      categories: Omit<CommonCategory, 'moduleId'>[];
      uncategorized: CommonContent[];
    }
  | {
      type: 'category';
      moduleId: string;
      id: string;
      title: string;
      parentId: string | null;
      contents: CommonContent[];
    }
  | ({ type: 'content' } & CommonContentDetail);

type Entry = CollectionEntry<'commonArticle'>;
export type CommonModuleEntry = Narrow<Entry, 'module'>;
export type CommonCategoryEntry = Narrow<Entry, 'category'>;
export type CommonContentEntry = Narrow<Entry, 'content'>;
export type CommonCategoryRecord = CommonModuleEntry['data']['categories'][number];
export type CommonContentSummary = CommonModuleEntry['data']['uncategorized'][number];

export const collections = {
  commonArticle: apiCollection({
    endpoint: '/common-article/category',
    schema: storedRecords<CommonArticleRecord>('type'),
    fetch: async (ctx) => {
      const modules = await discoverModules(ctx, 'common-article');
      const loaded = await ctx.all(
        modules,
        (m) => `/common-article/category?module_id=${m.id}`,
        async (m) => {
          const [categories, uncategorized] = await Promise.all([
            getCommonArticleCategories(m.id, ctx.lang),
            getUncategorizedCommonContents(m.id, ctx.lang),
          ]);
          return { module: m, categories, uncategorized };
        },
      );
      const categoryRefs = loaded.flatMap((l) => l.categories.map((c) => ({ moduleId: l.module.id, category: c })));
      const categories = await ctx.all(
        categoryRefs,
        (r) => `/common-article/category/${r.category.id}`,
        async (r) => ({ ...r, detail: await getCommonArticleCategory(r.category.id, ctx.lang) }),
      );
      const contentRefs = [
        ...loaded.flatMap((l) => l.uncategorized.map((c) => ({ moduleId: l.module.id, id: c.id }))),
        ...categories.flatMap((c) => c.detail.contents.map((x) => ({ moduleId: c.moduleId, id: x.id }))),
      ];
      const uniqueContents = [...new Map(contentRefs.map((r) => [r.id, r])).values()];
      const contents = await ctx.all(
        uniqueContents,
        (r) => `/common-article/content/${r.id}`,
        async (r) => ({ ...(await getCommonContent(r.id, ctx.lang)), moduleId: r.moduleId }),
      );
      return [
        ...loaded.map((l) => ({
          key: `module-${l.module.id}`,
          data: {
            type: 'module' as const,
            moduleId: l.module.id,
            title: l.module.title,
            categories: l.categories.map(({ id, title, parentId, count }) => ({ id, title, parentId, count })),
            uncategorized: l.uncategorized,
          },
        })),
        ...categories.map((c) => ({
          key: `category-${c.category.id}`,
          data: {
            type: 'category' as const,
            moduleId: c.moduleId,
            id: c.category.id,
            title: c.detail.title,
            parentId: c.category.parentId,
            contents: c.detail.contents,
          },
        })),
        ...contents.map((c) => ({ key: `content-${c.id}`, data: { type: 'content' as const, ...c } })),
      ];
    },
  }),
};

async function entriesOf(lang: Lang): Promise<Entry[]> {
  return ofLang(await getCollection('commonArticle'), lang);
}

export async function getCommonModuleEntries(lang: Lang): Promise<CommonModuleEntry[]> {
  return (await entriesOf(lang))
    .filter((e): e is CommonModuleEntry => e.data.type === 'module')
    .sort((a, b) => compareIds(a.data.moduleId, b.data.moduleId));
}

export async function getCommonCategoryEntries(lang: Lang): Promise<CommonCategoryEntry[]> {
  return (await entriesOf(lang)).filter((e): e is CommonCategoryEntry => e.data.type === 'category');
}

export async function getCommonContentEntries(lang: Lang): Promise<CommonContentEntry[]> {
  return (await entriesOf(lang)).filter((e): e is CommonContentEntry => e.data.type === 'content');
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
