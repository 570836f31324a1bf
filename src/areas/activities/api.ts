/**
 * Activity area (activities and training): lists, categories, detail.
 * Spec point 7 "Activity"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import { type Lang } from '../../api/client';
import type { Paged } from '../../api/boundary';
import { pagedListQuery } from '../../api/load-rules';
// Through ./content, not ./content-items: the list-filter island then bundles the shared item
// helpers into the chunk it already loads for articles, instead of one more chunk (fewer bytes).
import { departmentItemFields, getCategoryDropdown, getItem, getPagedItems, mapDepartmentItem } from '../articles/api';
import { attachmentSchema, isoDate, mapAttachment, type Category } from '../../api/shared';

// ---- schemas (the API's shapes) ----

const activitySummarySchema = z.object({
  ...departmentItemFields,
  kind: z.enum(['activity', 'training']),
  start_date: isoDate,
  end_date: z.nullable(isoDate),
  location: z._default(z.string(), ''),
});

// Built on first use, not at module load: the list-filter island imports this module for its list
// calls only, and a schema built at module load would ship in it (bundlers keep zod calls). Built
// once: a new schema per record would be built again for every record of the content sync.
const buildActivitySchema = () =>
  z.extend(activitySummarySchema, {
    body_html: z.string(),
    attachments: z._default(z.array(attachmentSchema), []),
    // Only which activities: their cards come from their own records (see mapActivity).
    related: z._default(z.array(z.object({ id: departmentItemFields.id })), []),
  });
let activitySchemaOnce: ReturnType<typeof buildActivitySchema> | undefined;
const activitySchema = () => (activitySchemaOnce ??= buildActivitySchema());

// ---- the portal's types ----

export type ActivityKind = 'activity' | 'training';

export type ActivitySummary = ReturnType<typeof mapActivitySummary>;
export type Activity = ReturnType<typeof mapActivity>;
// ---- mappings ----

function mapActivitySummary(raw: z.output<typeof activitySummarySchema>) {
  return {
    ...mapDepartmentItem(raw),
    kind: raw.kind,
    startDate: raw.start_date,
    endDate: raw.end_date,
    location: raw.location,
  };
}

function mapActivity(raw: z.output<ReturnType<typeof activitySchema>>) {
  return {
    ...mapActivitySummary(raw),
    bodyHtml: raw.body_html,
    attachments: raw.attachments.map(mapAttachment),
    // References to the related activities, in the API's order; the detail page shows their
    // own records (as articles do: src/areas/articles/api.ts).
    related: raw.related.map((r) => ({ id: String(r.id) })),
  };
}

// ---- calls ----

export interface ActivityListParams {
  keyword?: string;
  page?: number;
  limit?: number;
  /** By start date; the API's default is newest first. */
  sortBy?: 'newest' | 'oldest';
}

export interface AllActivitiesParams extends ActivityListParams {
  /** Category id; -1 (spec point 5 sentinel) or absent means every category. */
  cid?: number | string;
}

/** GET /activity/category/all (language, page, limit, keyword, cid, sortBy) */
export async function getActivities(params: AllActivitiesParams, lang: Lang): Promise<Paged<ActivitySummary>> {
  // The agency's API takes the language as a parameter here as well as in the header.
  const query = pagedListQuery({ language: lang, ...params });
  return getPagedItems('/activity/category/all', query, lang, activitySummarySchema, mapActivitySummary);
}

/** GET /activity/dropdown/category */
export async function getActivityCategories(lang: Lang): Promise<Category[]> {
  return getCategoryDropdown('/activity/dropdown/category', lang);
}

/** GET /activity/category/{department}/{slug} */
export async function getActivitiesOfDepartment(
  department: string,
  slug: string,
  params: ActivityListParams,
  lang: Lang,
): Promise<Paged<ActivitySummary>> {
  const endpoint = `/activity/category/${encodeURIComponent(department)}/${encodeURIComponent(slug)}`;
  return getPagedItems(endpoint, pagedListQuery({ ...params }), lang, activitySummarySchema, mapActivitySummary);
}

/** GET /activity/category/{id} — numeric category id. */
export async function getActivitiesOfCategory(
  id: string | number,
  params: ActivityListParams,
  lang: Lang,
): Promise<Paged<ActivitySummary>> {
  const endpoint = `/activity/category/${encodeURIComponent(String(id))}`;
  return getPagedItems(endpoint, pagedListQuery({ ...params }), lang, activitySummarySchema, mapActivitySummary);
}

/** GET /activity/page/{id} */
export async function getActivity(id: string | number, lang: Lang): Promise<Activity> {
  return getItem('/activity/page/', id, lang, activitySchema(), mapActivity);
}
