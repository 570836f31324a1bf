/** getStaticPaths of the activities area's routes (src/pages/), one function per route. */
import { detailPagePaths } from '../../shell/page-paths';
import { readActivities } from './collection';
import { wholeListPaths, departmentListPaths, categoryListPaths } from '../../shell/categorised-lists';
import { ACTIVITIES } from './lists';

export const activityPaths = () =>
  detailPagePaths(async (lang) => {
    const { listed, relatedOf } = await readActivities(lang);
    return listed.map((entry) => {
      const related = relatedOf(entry.data);
      return {
        params: { id: entry.data.id },
        props: { activity: entry.data, related: related.map((r) => r.data) },
        shows: [entry, ...related],
      };
    });
  });

export const activitiesPaths = () => wholeListPaths(ACTIVITIES);

export const activitiesOfDepartmentPaths = () => departmentListPaths(ACTIVITIES);

export const activitiesOfCategoryPaths = () => categoryListPaths(ACTIVITIES, 'id');
