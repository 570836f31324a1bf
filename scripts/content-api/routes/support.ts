// Helpers shared by the route modules: a statement cache, paged queries and body validation.
import { HttpError } from '../http.ts';
import { message } from '../i18n.ts';
import { paged } from '../query.ts';

/** Prepares each distinct SQL text once. Values always go through `?` parameters. */
export function statementCache(db) {
  const cache = new Map();
  /** @param {string} sql */
  return (sql) => {
    let s = cache.get(sql);
    if (!s) { s = db.prepare(sql); cache.set(sql, s); }
    return s;
  };
}

/**
 * Runs `SELECT <select> FROM <from> WHERE <where...> ORDER BY <order> LIMIT ? OFFSET ?` and its count.
 * @param {(sql: string) => import('node:sqlite').StatementSync} q
 * @param {{ select?: string, from: string, where: string[], args: any[], order: string,
 *           page: number, limit: number, offset: number, map: (row: any) => any }} o
 */
export function pagedQuery(q, o) {
  const where = o.where.filter(Boolean);
  const w = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const total = Number(/** @type {any} */ (q(`SELECT count(*) AS n FROM ${o.from}${w}`).get(...o.args)).n);
  const rows = q(`SELECT ${o.select ?? '*'} FROM ${o.from}${w} ORDER BY ${o.order} LIMIT ? OFFSET ?`).all(...o.args, o.limit, o.offset);
  return paged(rows.map(o.map), total, o.page, o.limit);
}

/** The JSON body must be an object (not an array, string or null). */
export async function objectBody(ctx) {
  const body = await ctx.body();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'BAD_REQUEST');
  return body;
}

/** 422 with `errors: [{ field, message }]`; `fields` maps field → message code. */
export function validationError(lang, fields) {
  return new HttpError(422, 'VALIDATION', {
    errors: Object.entries(fields).map(([field, code]) => ({ field, message: message(lang, code) })),
  });
}

/** A required string field of at most `max` characters, or a 422. */
export function requireString(ctx, body, field, max = 200) {
  const v = body[field];
  if (typeof v !== 'string' || !v.trim() || v.length > max) throw validationError(ctx.lang, { [field]: typeof v === 'string' && v.length > max ? 'INVALID_VALUE' : 'REQUIRED' });
  return v.trim();
}

/** One bilingual JSON document from the `documents` table. */
export function documentOf(q, key, lang) {
  const row = /** @type {any} */ (q('SELECT json_th, json_en FROM documents WHERE key = ?').get(key));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return JSON.parse(lang === 'en' ? row.json_en : row.json_th);
}

/** Row or 404. */
export function found(row) {
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return row;
}
