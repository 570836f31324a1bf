/**
 * The load rules of spec point 5 and the limits of spec point 9, in one place.
 * Area modules build their query strings only through these helpers.
 */
import type { Query } from './client';

export const DEFAULT_PAGE = 1;
/** Activity, article and slug lists (spec point 5). */
export const DEFAULT_PAGE_SIZE = 12;
export const HOME_PROCUREMENT_ITEMS = 5;
export const MANUAL_GROUPS_LIMIT = 9999;
export const LAW_CATEGORIES_PAGE_SIZE = 500;
/** A category filter of -1 means "no filter" and is omitted. */
export const FILTER_SENTINEL = -1;
/** The Thai "all regions" value of the province filter, omitted from requests. */
export const ALL_REGIONS_TH = 'ทุกภาค';

/** Filter parameters that use the -1 sentinel (spec point 5). */
const SENTINEL_KEYS = new Set(['cid', 'gid', 'group_id', 'slug']);

function isSentinel(value: unknown): boolean {
  return value === FILTER_SENTINEL || value === String(FILTER_SENTINEL);
}

/**
 * Normalises a list query: default page, trims keywords (empty ones are omitted),
 * drops -1 sentinels and the Thai "all regions" value, drops empty values.
 */
export function listQuery(params: Query, defaults: { page?: number; limit?: number } = {}): Query {
  const out: Query = {};
  for (const [key, raw] of Object.entries(params)) {
    let value = raw;
    if (typeof value === 'string') value = value.trim();
    if (value === undefined || value === null || value === '') continue;
    if (SENTINEL_KEYS.has(key) && isSentinel(value)) continue;
    if (key === 'region' && value === ALL_REGIONS_TH) continue;
    out[key] = value;
  }
  if (defaults.page !== undefined || 'page' in params) out.page = positiveInt(out.page, defaults.page ?? DEFAULT_PAGE);
  if (defaults.limit !== undefined) out.limit = positiveInt(out.limit, defaults.limit);
  return out;
}

function positiveInt(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Query for the paged lists that default to 12 a page (activity, articles, slug lists). */
export function pagedListQuery(params: Query): Query {
  return listQuery(params, { page: DEFAULT_PAGE, limit: DEFAULT_PAGE_SIZE });
}
