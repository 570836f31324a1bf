/**
 * Activities and training (spec point 7 "Activity") as one content collection,
 * `activities`, per language:
 *   order                      ids of every activity, in the API's order (/activity/category/all, newest first)
 *   activity:{id}              one activity with dates, place, body, attachments, related (/activity/page/{id})
 *   category:{id}              a category of the dropdown (/activity/dropdown/category), even an empty one
 *   department:{dept}/{cat}    the ids of /activity/category/{dept}/{cat}, for every pair that has activities
 */
import { z } from 'zod';
import { apiCollection, type AreaContext } from './api-collection';
import { attachmentShape, categoryShape, fetchAllPages, imageShape, orderShape, pick, readArea, type AreaEntry } from './area-records';
import { departmentShape } from './articles';
import {
  getActivities,
  getActivitiesOfDepartment,
  getActivity,
  getActivityCategories,
  type ActivitySummary,
} from '../api/activity';
import type { Category } from '../api/shared';
import type { Lang } from '../i18n/config';

export const activitySummaryShape = z.object({
  id: z.string().min(1),
  slug: z.string().min(1),
  title: z.string().min(1),
  summary: z.string(),
  cover: imageShape.nullable(),
  category: categoryShape,
  department: departmentShape.nullable(),
  kind: z.enum(['activity', 'training']),
  startDate: z.string(),
  endDate: z.string().nullable(),
  location: z.string(),
  publishedAt: z.string(),
});

const activityShape = activitySummaryShape.extend({
  kind: z.literal('activity'),
  /** 'activity' or 'training' (the API's `kind`; renamed because `kind` tells record types apart here). */
  type: z.enum(['activity', 'training']),
  bodyHtml: z.string(),
  attachments: z.array(attachmentShape),
  related: z.array(activitySummaryShape),
});

const categoryRecordShape = z.object({ kind: z.literal('category'), category: categoryShape });

const departmentListShape = z.object({
  kind: z.literal('department'),
  department: departmentShape,
  category: categoryShape,
  keys: z.array(z.string()),
});

export const activityRecordSchema = z.discriminatedUnion('kind', [activityShape, orderShape, categoryRecordShape, departmentListShape]);
export type ActivityRecord = z.output<typeof activityRecordSchema>;
export type StoredActivity = z.output<typeof activityShape>;
export type StoredActivitySummary = z.output<typeof activitySummaryShape>;
type DepartmentList = z.output<typeof departmentListShape>;

export const activityKey = (id: string) => `activity:${id}`;

/** Every (department, category) pair with at least one activity, with its ids in API order. */
async function departmentLists(ctx: AreaContext, list: ActivitySummary[], categories: Category[]) {
  const departments = new Map<string, { slug: string; title: string }>();
  for (const a of list) if (a.department && !departments.has(a.department.slug)) departments.set(a.department.slug, a.department);
  const pairs = [...departments.values()].flatMap((department) => categories.map((category) => ({ department, category })));
  const lists = await Promise.all(
    pairs.map(async ({ department, category }) => {
      const endpoint = `/activity/category/${department.slug}/${category.slug}`;
      const items = await fetchAllPages(ctx, endpoint, (page, limit) =>
        getActivitiesOfDepartment(department.slug, category.slug, { page, limit }, ctx.lang),
      );
      return { department, category, keys: items.map((a) => activityKey(a.id)) };
    }),
  );
  return lists.filter((l) => l.keys.length > 0);
}

export const activitiesCollections = {
  activities: apiCollection({
    endpoint: '/activity/category/all',
    schema: activityRecordSchema,
    fetch: async (ctx) => {
      const { lang } = ctx;
      const [list, categories] = await Promise.all([
        fetchAllPages(ctx, '/activity/category/all', (page, limit) => getActivities({ page, limit }, lang)),
        ctx.call('/activity/dropdown/category', () => getActivityCategories(lang)),
      ]);
      const [activities, departments] = await Promise.all([
        ctx.all(list, (a) => `/activity/page/${a.id}`, (a) => getActivity(a.id, lang)),
        departmentLists(ctx, list, categories),
      ]);
      return [
        { key: 'order', data: { kind: 'order' as const, keys: list.map((a) => activityKey(a.id)) } },
        ...categories.map((category) => ({ key: `category:${category.id}`, data: { kind: 'category' as const, category } })),
        ...departments.map((d) => ({
          key: `department:${d.department.slug}/${d.category.slug}`,
          data: { kind: 'department' as const, ...d },
        })),
        ...activities.map(({ kind, ...a }) => ({ key: activityKey(a.id), data: { ...a, kind: 'activity' as const, type: kind } })),
      ];
    },
  }),
};

export type ActivityEntry = AreaEntry<StoredActivity>;

/** Everything the activity pages of a language need, read once from the store. */
export async function readActivities(lang: Lang) {
  const byKey = await readArea<ActivityRecord>('activities', lang);
  const order = byKey.get('order');
  const keys = order?.data.kind === 'order' ? order.data.keys : [];
  const isActivity = (e: AreaEntry<ActivityRecord>): e is ActivityEntry => e.data.kind === 'activity';
  const categories: Category[] = [];
  const departments: Array<AreaEntry<DepartmentList>> = [];
  for (const entry of byKey.values()) {
    if (entry.data.kind === 'category') categories.push(entry.data.category);
    if (entry.data.kind === 'department') departments.push(entry as AreaEntry<DepartmentList>);
  }
  return {
    /** Every activity, newest first (the API's order). */
    listed: pick(byKey, keys).filter(isActivity),
    categories,
    departments: departments.map((d) => ({
      department: d.data.department,
      category: d.data.category,
      entries: pick(byKey, d.data.keys).filter(isActivity),
    })),
  };
}
