/**
 * Activity area (activities and training): lists, categories, detail.
 * Spec point 7 "Activity"; shapes in docs/api-contract.md.
 */
import * as z from 'zod/mini';
import { api, type Lang } from './client';
import { parseData, parseDataList, parsePaged, type Paged } from './boundary';
import { pagedListQuery } from './load-rules';
import {
  attachmentSchema,
  categorySchema,
  departmentSchema,
  imageSchema,
  isoDate,
  mapAttachment,
  mapCategory,
  mapOptionalImage,
  type Attachment,
  type Category,
  type Department,
  type Image,
} from './shared';

// ---- schemas (the API's shapes) ----

const activitySummarySchema = z.object({
  id: z.union([z.number(), z.string().check(z.minLength(1))]),
  slug: z.string().check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  summary: z._default(z.string(), ''),
  cover: z.nullable(imageSchema),
  category: categorySchema,
  department: z.nullable(departmentSchema),
  kind: z.enum(['activity', 'training']),
  start_date: isoDate,
  end_date: z.nullable(isoDate),
  location: z._default(z.string(), ''),
  published_at: isoDate,
});

const activitySchema = z.extend(activitySummarySchema, {
  body_html: z.string(),
  attachments: z._default(z.array(attachmentSchema), []),
  related: z._default(z.array(activitySummarySchema), []),
});

// ---- the portal's types ----

export type ActivityKind = 'activity' | 'training';

export interface ActivitySummary {
  id: string;
  slug: string;
  title: string;
  summary: string;
  cover: Image | null;
  category: Category;
  department: Department | null;
  kind: ActivityKind;
  startDate: string;
  endDate: string | null;
  location: string;
  publishedAt: string;
}

export interface Activity extends ActivitySummary {
  bodyHtml: string;
  attachments: Attachment[];
  related: ActivitySummary[];
}

// ---- mappings ----

export function mapActivitySummary(raw: z.output<typeof activitySummarySchema>): ActivitySummary {
  return {
    id: String(raw.id),
    slug: raw.slug,
    title: raw.title,
    summary: raw.summary,
    cover: mapOptionalImage(raw.cover),
    category: mapCategory(raw.category),
    department: raw.department,
    kind: raw.kind,
    startDate: raw.start_date,
    endDate: raw.end_date,
    location: raw.location,
    publishedAt: raw.published_at,
  };
}

function mapActivity(raw: z.output<typeof activitySchema>): Activity {
  return {
    ...mapActivitySummary(raw),
    bodyHtml: raw.body_html,
    attachments: raw.attachments.map(mapAttachment),
    related: raw.related.map(mapActivitySummary),
  };
}

export { activitySummarySchema };

// ---- calls ----

export interface ActivityListParams {
  keyword?: string;
  page?: number;
  limit?: number;
}

export interface AllActivitiesParams extends ActivityListParams {
  /** Category id; -1 (spec point 5 sentinel) or absent means every category. */
  cid?: number | string;
  sortBy?: 'newest' | 'oldest';
}

/** GET /activity/category/all (language, page, limit, keyword, cid, sortBy) */
export async function getActivities(params: AllActivitiesParams, lang: Lang): Promise<Paged<ActivitySummary>> {
  const endpoint = '/activity/category/all';
  // The agency's API takes the language as a parameter here as well as in the header.
  const raw = await api.get(endpoint, { lang, query: pagedListQuery({ language: lang, ...params }) });
  return parsePaged(endpoint, raw, activitySummarySchema, mapActivitySummary);
}

/** GET /activity/dropdown/category */
export async function getActivityCategories(lang: Lang): Promise<Category[]> {
  const endpoint = '/activity/dropdown/category';
  return parseDataList(endpoint, await api.get(endpoint, { lang }), categorySchema, mapCategory);
}

/** GET /activity/category/{department}/{slug} */
export async function getActivitiesOfDepartment(
  department: string,
  slug: string,
  params: ActivityListParams,
  lang: Lang,
): Promise<Paged<ActivitySummary>> {
  const endpoint = `/activity/category/${encodeURIComponent(department)}/${encodeURIComponent(slug)}`;
  const raw = await api.get(endpoint, { lang, query: pagedListQuery({ ...params }) });
  return parsePaged(endpoint, raw, activitySummarySchema, mapActivitySummary);
}

/** GET /activity/category/{id} — numeric category id. */
export async function getActivitiesOfCategory(
  id: string | number,
  params: ActivityListParams,
  lang: Lang,
): Promise<Paged<ActivitySummary>> {
  const endpoint = `/activity/category/${encodeURIComponent(String(id))}`;
  const raw = await api.get(endpoint, { lang, query: pagedListQuery({ ...params }) });
  return parsePaged(endpoint, raw, activitySummarySchema, mapActivitySummary);
}

/** GET /activity/page/{id} */
export async function getActivity(id: string | number, lang: Lang): Promise<Activity> {
  const endpoint = `/activity/page/${encodeURIComponent(String(id))}`;
  return parseData(endpoint, await api.get(endpoint, { lang }), activitySchema, mapActivity);
}
