// Helpers shared by the route modules: a statement cache, paged queries and body validation.
import { HttpError } from '../http.ts';
import { message } from '../i18n.ts';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { Ctx } from '../http.ts';
import { paged } from '../query.ts';
import type { Lang, Query, Row } from '../types.ts';

/** Prepares each distinct SQL text once. Values always go through `?` parameters. */
export function statementCache(db: DatabaseSync): Query {
  const cache = new Map<string, StatementSync>();
  return (sql) => {
    let s = cache.get(sql);
    if (!s) {
      s = db.prepare(sql);
      cache.set(sql, s);
    }
    return s;
  };
}

/** The titles of a record's group joined as `g` (notices, manuals, services), as the shapes read them. */
export const GROUP_TITLES = 'g.title_th AS group_title_th, g.title_en AS group_title_en';

/**
 * `alias.column, …` for every column of `table` but its bodies (`body_th`, `body_en`): what a
 * list answer or a related item reads. A body is most of a row's bytes, and SQLite reads it
 * only when it is selected, so leaving it out halves a list's query time. Read from the table on
 * first use, so a column added to the schema is listed too.
 */
export function listColumns(q: Query, table: string, alias: string): () => string {
  let text: string | undefined;
  return () =>
    (text ??= q('SELECT name FROM pragma_table_info(?) ORDER BY cid')
      .all(table)
      .map((c) => String(c.name))
      .filter((name) => name !== 'body_th' && name !== 'body_en')
      .map((name) => `${alias}.${name}`)
      .join(', '));
}

/**
 * Runs `SELECT <select> FROM <from> WHERE <where...> ORDER BY <order> LIMIT ? OFFSET ?` and its count.
 *
 * `join`: a join that adds columns to every row of `from` and never drops or repeats one (a
 * NOT NULL foreign key, e.g. a notice's group). It is made after the page's rows are chosen and
 * left out of the count: joined first, every row skipped by OFFSET would be joined too, and a
 * late page of a long list would cost many times an early one. `where` and `order` may name
 * only `from`.
 */
export function pagedQuery<T>(
  q: Query,
  o: {
    select?: string;
    from: string;
    join?: string;
    where: string[];
    args: SQLInputValue[];
    order: string;
    page: number;
    limit: number;
    offset: number;
    map: (row: Row) => T;
  },
) {
  const where = o.where.filter(Boolean);
  const w = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const total = Number(q(`SELECT count(*) AS n FROM ${o.from}${w}`).get(...o.args)?.n);
  const select = o.select ?? '*';
  let sql = `SELECT ${select} FROM ${o.from}${w} ORDER BY ${o.order} LIMIT ? OFFSET ?`;
  if (o.join) {
    const alias = /^\w+\s+(\w+)$/.exec(o.from.trim())?.[1];
    if (!alias) throw new Error(`pagedQuery: a join needs "table alias" in from, got "${o.from}"`);
    const page = `SELECT ${alias}.rowid FROM ${o.from}${w} ORDER BY ${o.order} LIMIT ? OFFSET ?`;
    sql = `SELECT ${select} FROM ${o.from} ${o.join} WHERE ${alias}.rowid IN (${page}) ORDER BY ${o.order}`;
  }
  const rows = q(sql).all(...o.args, o.limit, o.offset);
  return paged(
    rows.map((r) => o.map(r)),
    total,
    o.page,
    o.limit,
  );
}

/** The JSON body must be an object (not an array, string or null). */
export async function objectBody(ctx: Ctx): Promise<Record<string, unknown>> {
  const body = await ctx.body();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'BAD_REQUEST');
  return body as Record<string, unknown>;
}

/** 422 with `errors: [{ field, message }]`; `fields` maps field → message code. */
export function validationError(lang: Lang, fields: Record<string, string>) {
  return new HttpError(422, 'VALIDATION', {
    errors: Object.entries(fields).map(([field, code]) => ({ field, message: message(lang, code) })),
  });
}

/** A required string field of at most `max` characters, or a 422. */
export function requireString(ctx: Ctx, body: Record<string, unknown>, field: string, max = 200): string {
  const v = body[field];
  if (typeof v !== 'string' || !v.trim() || v.length > max)
    throw validationError(ctx.lang, {
      [field]: typeof v === 'string' && v.length > max ? 'INVALID_VALUE' : 'REQUIRED',
    });
  return v.trim();
}

/** One bilingual JSON document from the `documents` table. */
export function documentOf(q: Query, key: string, lang: Lang): unknown {
  const row = q('SELECT json_th, json_en FROM documents WHERE key = ?').get(key);
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return JSON.parse(String(lang === 'en' ? row.json_en : row.json_th));
}

/** Row or 404. */
export function found(row: Row | undefined): Row {
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return row;
}
