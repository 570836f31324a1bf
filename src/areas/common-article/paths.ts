/** getStaticPaths of the common-article area's routes (src/pages/), one function per route. */
import { detailPagePaths } from '../../shell/page-paths';
import { getCommonModuleEntries, getCommonCategoryEntries, getCommonContentEntries } from './collection';
import { langStaticPaths } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';

export const commonModulePaths = () =>
  detailPagePaths(async (lang) =>
    (await getCommonModuleEntries(lang)).map((entry) => ({
      params: { moduleId: entry.data.moduleId },
      props: { module: entry.data },
      shows: [entry],
    })),
  );

export async function commonCategoryPaths() {
  const perLang = await Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const { lang } = props;
      const [modules, categories] = await Promise.all([getCommonModuleEntries(lang), getCommonCategoryEntries(lang)]);
      const moduleById = new Map(modules.map((m) => [m.data.moduleId, m]));
      return Promise.all(
        categories
          .filter((c) => moduleById.has(c.data.moduleId))
          .map(async (entry) => {
            const module = moduleById.get(entry.data.moduleId)!;
            const parent = module.data.categories.find((c) => c.id === entry.data.parentId && c.id !== entry.data.id);
            return {
              params: { ...params, moduleId: entry.data.moduleId, id: entry.data.id },
              props: {
                lang,
                category: entry.data,
                module: module.data,
                parent: parent ? { id: parent.id, title: parent.title } : null,
              },
              // The module record gives the breadcrumbs and the sub-category list.
              cacheKey: await pageCacheKey(lang, entry, module),
            };
          }),
      );
    }),
  );
  return perLang.flat();
}

export async function commonContentPaths() {
  /** How many other contents of the same category the page suggests. */
  const RELATED_COUNT = 3;
  const perLang = await Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const { lang } = props;
      const [modules, categories, contents] = await Promise.all([
        getCommonModuleEntries(lang),
        getCommonCategoryEntries(lang),
        getCommonContentEntries(lang),
      ]);
      const moduleById = new Map(modules.map((m) => [m.data.moduleId, m]));
      const categoryById = new Map(categories.map((c) => [c.data.id, c]));
      return Promise.all(
        contents
          .filter((c) => moduleById.has(c.data.moduleId))
          .map(async (entry) => {
            const module = moduleById.get(entry.data.moduleId)!;
            const category = entry.data.categoryId ? categoryById.get(entry.data.categoryId) : undefined;
            const related = (category?.data.contents ?? module.data.uncategorized)
              .filter((c) => c.id !== entry.data.id)
              .slice(0, RELATED_COUNT);
            return {
              params: { ...params, moduleId: entry.data.moduleId, id: entry.data.id },
              props: {
                lang,
                content: entry.data,
                moduleTitle: module.data.title,
                category: category ? { id: category.data.id, title: category.data.title } : null,
                related,
              },
              cacheKey: await pageCacheKey(lang, entry, module, category),
            };
          }),
      );
    }),
  );
  return perLang.flat();
}
