// Parsing of the query parameters of spec point 7 with the limits of docs/api-contract.md.
// Every malformed value is a 400 (HttpError), never a NaN that reaches SQL.
import { HttpError } from './http.ts';

const DEFAULT_LIMIT = 12;
const MAX_LIMIT = 100;
const MAX_KEYWORD = 200;

const INT = /^\d{1,9}$/;

export function intParam(q: URLSearchParams, name: string, opts?: { min?: number; max?: number }): number | undefined;
export function intParam(q: URLSearchParams, name: string, opts: { min?: number; max?: number; def: number }): number;
export function intParam(
  q: URLSearchParams,
  name: string,
  { min = 1, max = 1_000_000_000, def }: { min?: number; max?: number; def?: number } = {},
): number | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '') return def;
  if (!INT.test(raw.trim())) throw new HttpError(400, 'BAD_QUERY', { field: name });
  const n = Number(raw.trim());
  if (n < min || n > max) throw new HttpError(400, 'BAD_QUERY', { field: name });
  return n;
}

/** page and limit (or page_size for laws). Returns offset too. */
export function paging(
  q: URLSearchParams,
  {
    limitName = 'limit',
    maxLimit = MAX_LIMIT,
    defLimit = DEFAULT_LIMIT,
  }: { limitName?: string; maxLimit?: number; defLimit?: number } = {},
) {
  const page = intParam(q, 'page', { min: 1, max: 1_000_000, def: 1 });
  // The portal's manual groups call sends limit=9999 (spec point 9): clamp such "give me all"
  // limits of small lists to maxLimit instead of refusing them, but refuse absurd ones.
  const limit = intParam(q, limitName, { min: 1, max: Math.max(maxLimit, 10_000), def: defLimit });
  const lim = Math.min(limit, maxLimit);
  return { page, limit: lim, offset: (page - 1) * lim };
}

/** Trimmed keyword or null; longer than 200 characters → 400. */
export function keywordParam(q: URLSearchParams, name = 'keyword'): string | null {
  const raw = q.get(name);
  if (raw === null) return null;
  if (raw.length > MAX_KEYWORD) throw new HttpError(400, 'KEYWORD_TOO_LONG', { field: name });
  const k = raw.trim();
  return k ? k : null;
}

/** A category-like filter where -1 or empty means "no filter" (spec point 5). */
export function filterId(q: URLSearchParams, name: string): number | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '' || raw === '-1') return undefined;
  return intParam(q, name, { min: 1 });
}

/** Optional slug-like text filter (letters, digits, dash); -1 means none. */
export function slugParam(q: URLSearchParams, name: string): string | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '' || raw === '-1') return undefined;
  if (raw.length > 200 || !/^[\p{L}\p{N}_-]+$/u.test(raw)) throw new HttpError(400, 'BAD_QUERY', { field: name });
  return raw;
}

/** Numeric path id → number, otherwise 404 (an unknown id, not a malformed request). */
export function pathId(value: string): number {
  if (!INT.test(value)) throw new HttpError(404, 'NOT_FOUND');
  return Number(value);
}

/** SQL fragment + args: the keyword is a substring of any of the given columns (Thai has no spaces). */
export function keywordWhere(keyword: string | null, columns: string[]): { sql: string; args: string[] } {
  if (!keyword) return { sql: '', args: [] };
  const k = keyword.toLowerCase();
  return {
    sql: '(' + columns.map((c) => `instr(lower(${c}), ?) > 0`).join(' OR ') + ')',
    args: columns.map(() => k),
  };
}

/** Paged envelope `{ result, total, page, limit }`. */
export function paged<T>(result: T[], total: number, page: number, limit: number) {
  return { result, total, page, limit };
}
