/** getStaticPaths of the collapse area's routes (src/pages/), one function per route. */
import { detailPagePaths } from '../../shell/page-paths';
import { getCollapseHighlights, getCollapseModuleEntries, getCollapseContentEntries } from './collection';

/** /collapse/{moduleId}/: one page per module, with the manual highlights. */
export const collapseModulePaths = () =>
  detailPagePaths(async (lang) => {
    const [modules, highlights] = await Promise.all([getCollapseModuleEntries(lang), getCollapseHighlights(lang)]);
    return modules.map((entry) => ({
      params: { moduleId: entry.data.moduleId },
      props: { module: entry.data, highlights: highlights?.data.items ?? [] },
      shows: [entry, highlights],
    }));
  });

/** /collapse/{moduleId}/{id}/: one page per content of a module there is. */
export const collapseContentPaths = () =>
  detailPagePaths(async (lang) => {
    const [modules, contents] = await Promise.all([getCollapseModuleEntries(lang), getCollapseContentEntries(lang)]);
    const moduleById = new Map(modules.map((m) => [m.data.moduleId, m]));
    return contents.flatMap((entry) => {
      const module = moduleById.get(entry.data.moduleId);
      if (!module) return [];
      const group = module.data.groups.find((g) => g.items.some((i) => i.id === entry.data.id));
      const siblings = (group?.items ?? []).filter((i) => i.id !== entry.data.id);
      return [
        {
          params: { moduleId: entry.data.moduleId, id: entry.data.id },
          props: { content: entry.data, moduleTitle: module.data.title, groupTitle: group?.title ?? '', siblings },
          // The module record holds the group title and the sibling links shown here.
          shows: [entry, module],
        },
      ];
    });
  });
