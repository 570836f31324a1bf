/** getStaticPaths of the collapse area's routes (src/pages/), one function per route. */
import { langStaticPaths } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';
import { getCollapseHighlights, getCollapseModuleEntries, getCollapseContentEntries } from './collection';

export async function collapseModulePaths() {
  const perLang = await Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const [modules, highlights] = await Promise.all([
        getCollapseModuleEntries(props.lang),
        getCollapseHighlights(props.lang),
      ]);
      return Promise.all(
        modules.map(async (entry) => ({
          params: { ...params, moduleId: entry.data.moduleId },
          props: { lang: props.lang, module: entry.data, highlights: highlights?.data.items ?? [] },
          cacheKey: await pageCacheKey(props.lang, entry, highlights),
        })),
      );
    }),
  );
  return perLang.flat();
}

export async function collapseContentPaths() {
  const perLang = await Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const { lang } = props;
      const [modules, contents] = await Promise.all([getCollapseModuleEntries(lang), getCollapseContentEntries(lang)]);
      const moduleById = new Map(modules.map((m) => [m.data.moduleId, m]));
      return Promise.all(
        contents.flatMap((entry) => {
          const module = moduleById.get(entry.data.moduleId);
          if (!module) return [];
          const group = module.data.groups.find((g) => g.items.some((i) => i.id === entry.data.id));
          const siblings = (group?.items ?? []).filter((i) => i.id !== entry.data.id);
          return [
            (async () => ({
              params: { ...params, moduleId: entry.data.moduleId, id: entry.data.id },
              props: {
                lang,
                content: entry.data,
                moduleTitle: module.data.title,
                groupTitle: group?.title ?? '',
                siblings,
              },
              // The module record holds the group title and the sibling links shown here.
              cacheKey: await pageCacheKey(lang, entry, module),
            }))(),
          ];
        }),
      );
    }),
  );
  return perLang.flat();
}
