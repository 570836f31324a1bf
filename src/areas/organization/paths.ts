/** getStaticPaths of the organization area's routes (src/pages/), one function per route. */
import { detailPagePaths } from '../../shell/page-paths';
import { getOrgModuleEntries, getOrgStaffEntries } from './collection';
import { langStaticPaths } from '../../i18n';
import { pageCacheKey } from '../../shell/collection';

export const orgChartPaths = () =>
  detailPagePaths(async (lang) =>
    (await getOrgModuleEntries(lang)).map((entry) => ({
      params: { moduleId: entry.data.moduleId },
      props: { module: entry.data },
      shows: [entry],
    })),
  );

export async function orgPersonPaths() {
  const perLang = await Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const { lang } = props;
      const [modules, staff] = await Promise.all([getOrgModuleEntries(lang), getOrgStaffEntries(lang)]);
      const moduleTitle = new Map(modules.map((m) => [m.data.moduleId, m.data.title]));
      return Promise.all(
        staff
          .filter((s) => moduleTitle.has(s.data.moduleId))
          .map(async (entry) => ({
            params: { ...params, moduleId: entry.data.moduleId, id: entry.data.id },
            props: { lang, person: entry.data, moduleTitle: moduleTitle.get(entry.data.moduleId)! },
            // The chart's title is in the breadcrumbs: the module record counts too.
            cacheKey: await pageCacheKey(
              lang,
              entry,
              modules.find((m) => m.data.moduleId === entry.data.moduleId),
            ),
          })),
      );
    }),
  );
  return perLang.flat();
}
