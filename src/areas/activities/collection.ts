/**
 * Activities and training (spec point 7 "Activity") as one content collection,
 * `activities`, per language:
 *   order                      ids of every activity, in the API's order (/activity/category/all, newest first)
 *   activity:{id}              one activity with dates, place, body, attachments, the ids of its related activities (/activity/page/{id})
 *   category:{id}              a category of the dropdown (/activity/dropdown/category), even an empty one
 *   department:{dept}/{cat}    the ids of /activity/category/{dept}/{cat}, for every pair that has activities
 */
import { apiCollection } from '../../collections/api-collection';
import { storedRecords, type OrderRecord, type Stored } from '../../collections/area-collection';
import { fetchAllPages, orderKeys, orderRecord, pick, readArea, type AreaEntry } from '../../collections/area-records';
import {
  categorisedRecords,
  fetchDepartmentLists,
  readCategorised,
  type CategorisedRecord,
} from '../../collections/categorised-records';
import { getActivities, getActivitiesOfDepartment, getActivity, getActivityCategories, type Activity } from './api';
import type { Lang } from '../../i18n/config';

/** `type`: 'activity' or 'training' (the API's `kind`; renamed because `kind` tells record types apart here). */
export type StoredActivity = Stored<'activity', Activity & { type: Activity['kind'] }>;
type ActivityRecord = StoredActivity | OrderRecord | CategorisedRecord;

const activityKey = (id: string) => `activity:${id}`;

export const collections = {
  activities: apiCollection({
    endpoint: '/activity/category/all',
    schema: storedRecords<ActivityRecord>(),
    fetch: async (ctx) => {
      const { lang } = ctx;
      const [list, categories] = await Promise.all([
        fetchAllPages(ctx, '/activity/category/all', (page, limit) => getActivities({ page, limit }, lang)),
        ctx.call('/activity/dropdown/category', () => getActivityCategories(lang)),
      ]);
      const [activities, departments] = await Promise.all([
        ctx.all(
          list,
          (a) => `/activity/page/${a.id}`,
          (a) => getActivity(a.id, lang),
        ),
        fetchDepartmentLists(ctx, list, categories, {
          endpoint: (dept, cat) => `/activity/category/${dept}/${cat}`,
          load: (dept, cat, page, limit) => getActivitiesOfDepartment(dept, cat, { page, limit }, lang),
          key: (a) => activityKey(a.id),
        }),
      ]);
      return [
        orderRecord(list.map((a) => activityKey(a.id))),
        ...categorisedRecords(categories, (c) => c.id, departments),
        ...activities.map(({ kind, ...a }) => ({
          key: activityKey(a.id),
          data: { ...a, kind: 'activity' as const, type: kind },
        })),
      ];
    },
  }),
};

export type ActivityEntry = AreaEntry<StoredActivity>;

/** Everything the activity pages of a language need, read once from the store. */
export async function readActivities(lang: Lang) {
  const byKey = await readArea<ActivityRecord>('activities', lang);
  const isActivity = (e: AreaEntry<ActivityRecord>): e is ActivityEntry => e.data.kind === 'activity';
  return {
    /** Every activity, newest first (the API's order). */
    listed: pick(byKey, orderKeys(byKey)).filter(isActivity),
    /** The stored records of an activity's related activities, in its order (one missing from the store is left out). */
    relatedOf: (activity: StoredActivity) =>
      pick(
        byKey,
        activity.related.map((r) => activityKey(r.id)),
      ).filter(isActivity),
    ...readCategorised(byKey, isActivity),
  };
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
