/** getStaticPaths of the common-article area's routes (src/pages/), one function per route. */
import { detailPagePaths } from '../../shell/page-paths';
import { getCommonModuleEntries, getCommonCategoryEntries, getCommonContentEntries } from './collection';

export const commonModulePaths = () =>
  detailPagePaths(async (lang) =>
    (await getCommonModuleEntries(lang)).map((entry) => ({
      params: { moduleId: entry.data.moduleId },
      props: { module: entry.data },
      shows: [entry],
    })),
  );

/** /common-article/{moduleId}/category/{id}/: one page per category of a module there is. */
export const commonCategoryPaths = () =>
  detailPagePaths(async (lang) => {
    const [modules, categories] = await Promise.all([getCommonModuleEntries(lang), getCommonCategoryEntries(lang)]);
    const moduleById = new Map(modules.map((m) => [m.data.moduleId, m]));
    return categories
      .filter((c) => moduleById.has(c.data.moduleId))
      .map((entry) => {
        const module = moduleById.get(entry.data.moduleId)!;
        const parent = module.data.categories.find((c) => c.id === entry.data.parentId && c.id !== entry.data.id);
        return {
          params: { moduleId: entry.data.moduleId, id: entry.data.id },
          props: {
            category: entry.data,
            module: module.data,
            parent: parent ? { id: parent.id, title: parent.title } : null,
          },
          // The module record gives the breadcrumbs and the sub-category list.
          shows: [entry, module],
        };
      });
  });

/** How many other contents of the same category a content's page suggests. */
const RELATED_COUNT = 3;

/** /common-article/{moduleId}/{id}/: one page per content of a module there is. */
export const commonContentPaths = () =>
  detailPagePaths(async (lang) => {
    const [modules, categories, contents] = await Promise.all([
      getCommonModuleEntries(lang),
      getCommonCategoryEntries(lang),
      getCommonContentEntries(lang),
    ]);
    const moduleById = new Map(modules.map((m) => [m.data.moduleId, m]));
    const categoryById = new Map(categories.map((c) => [c.data.id, c]));
    return contents
      .filter((c) => moduleById.has(c.data.moduleId))
      .map((entry) => {
        const module = moduleById.get(entry.data.moduleId)!;
        const category = entry.data.categoryId ? categoryById.get(entry.data.categoryId) : undefined;
        const related = (category?.data.contents ?? module.data.uncategorized)
          .filter((c) => c.id !== entry.data.id)
          .slice(0, RELATED_COUNT);
        return {
          params: { moduleId: entry.data.moduleId, id: entry.data.id },
          props: {
            content: entry.data,
            moduleTitle: module.data.title,
            category: category ? { id: category.data.id, title: category.data.title } : null,
            related,
          },
          shows: [entry, module, category],
        };
      });
  });
