/** getStaticPaths of the organization area's routes (src/pages/), one function per route. */
import { detailPagePaths } from '../../shell/page-paths';
import { getOrgModuleEntries, getOrgStaffEntries } from './collection';

export const orgChartPaths = () =>
  detailPagePaths(async (lang) =>
    (await getOrgModuleEntries(lang)).map((entry) => ({
      params: { moduleId: entry.data.moduleId },
      props: { module: entry.data },
      shows: [entry],
    })),
  );

/** /organization/{moduleId}/staff/{id}/: one page per person of a chart there is. */
export const orgPersonPaths = () =>
  detailPagePaths(async (lang) => {
    const [modules, staff] = await Promise.all([getOrgModuleEntries(lang), getOrgStaffEntries(lang)]);
    const moduleTitle = new Map(modules.map((m) => [m.data.moduleId, m.data.title]));
    return staff
      .filter((s) => moduleTitle.has(s.data.moduleId))
      .map((entry) => ({
        params: { moduleId: entry.data.moduleId, id: entry.data.id },
        props: { person: entry.data, moduleTitle: moduleTitle.get(entry.data.moduleId)! },
        // The chart's title is in the breadcrumbs: the module record counts too.
        shows: [entry, modules.find((m) => m.data.moduleId === entry.data.moduleId)],
      }));
  });
