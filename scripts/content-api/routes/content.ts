// Articles (content/*), the news lists (common/*) and activities (activity/*).
import type { SQLInputValue } from 'node:sqlite';
import type { Ctx, Router } from '../http.ts';
import type { Lang } from '../types.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http.ts';
import { pick } from '../i18n.ts';
import { paging, keywordParam, filterId, pathId, keywordWhere } from '../query.ts';
import { pagedQuery, found, listColumns } from './support.ts';

const ARTICLE_TEXT = ['title_th', 'title_en', 'summary_th', 'summary_en'];
const NEWS_COUNT = 12;
/** Related items of an article or an activity. */
const RELATED_COUNT = 4;

export function registerContent(router: Router, { q, shapes }: Deps) {
  const articleColumns = listColumns(q, 'articles', 'a');
  const activityColumns = listColumns(q, 'activities', 'a');
  /** Department slug → SQL condition on `source` (own/moc) or `department_id` (an office). */
  const departmentWhere = (slug: string, alias: string) => {
    const d = found(q('SELECT id, kind, slug FROM departments WHERE slug = ?').get(slug));
    return d.kind === 'source'
      ? { sql: `${alias}.source = ?`, arg: d.slug }
      : { sql: `${alias}.department_id = ?`, arg: d.id };
  };
  const categoryId = (area: string, slug: string) =>
    found(q('SELECT id FROM categories WHERE area = ? AND slug = ?').get(area, slug)).id;
  /**
   * A record's related items: the RELATED_COUNT records just before it in its category's order
   * (the older ones, nearest first), and when fewer exist the nearest after it. So a record is
   * among the related items of at most the few records around it, never of its whole category:
   * an edit, a new record or a deletion changes a bounded number of other records' answers
   * (the category's newest instead would be named by every record of the category).
   */
  const neighbours = (
    table: string,
    columns: string,
    where: string,
    sortColumn: string,
    r: Record<string, unknown>,
  ) => {
    const sort = r[sortColumn] as SQLInputValue;
    const id = r.id as SQLInputValue;
    const category = r.category_id as SQLInputValue;
    const before = q(
      `SELECT ${columns} FROM ${table} a WHERE a.category_id = ? ${where} AND (a.${sortColumn} < ? OR (a.${sortColumn} = ? AND a.id < ?)) ORDER BY a.${sortColumn} DESC, a.id DESC LIMIT ${RELATED_COUNT}`,
    ).all(category, sort, sort, id);
    if (before.length === RELATED_COUNT) return before;
    const after = q(
      `SELECT ${columns} FROM ${table} a WHERE a.category_id = ? ${where} AND (a.${sortColumn} > ? OR (a.${sortColumn} = ? AND a.id > ?)) ORDER BY a.${sortColumn} ASC, a.id ASC LIMIT ${RELATED_COUNT - before.length}`,
    ).all(category, sort, sort, id);
    return [...before, ...after];
  };

  const listArticles = (ctx: Ctx, where: string[] = [], args: SQLInputValue[] = []) => {
    const { page, limit, offset } = paging(ctx.query);
    const kw = keywordWhere(
      keywordParam(ctx.query),
      ARTICLE_TEXT.map((c) => `a.${c}`),
    );
    return pagedQuery(q, {
      select: articleColumns(),
      from: 'articles a',
      where: ['a.is_page = 0', ...where, kw.sql],
      args: [...args, ...kw.args],
      order: 'a.published_at DESC, a.id DESC',
      page,
      limit,
      offset,
      map: (r) => shapes.articleSummary(r, ctx.lang),
    });
  };

  router.get('/content/category/all', (ctx) => listArticles(ctx));
  router.get('/content/category/:slug', (ctx) =>
    listArticles(ctx, ['a.category_id = ?'], [categoryId('article', ctx.params.slug)]),
  );
  router.get('/content/category/:department/:slug', (ctx) => {
    const d = departmentWhere(ctx.params.department, 'a');
    const where = [d.sql];
    const args: SQLInputValue[] = [d.arg];
    if (ctx.params.slug !== 'all') {
      where.push('a.category_id = ?');
      args.push(categoryId('article', ctx.params.slug));
    }
    const region = ctx.query.get('region');
    // The Thai "all regions" value and -1 mean no filter (spec point 5).
    if (region && region !== '-1' && region !== 'ทุกภาค' && region !== 'all') {
      if (!q('SELECT 1 FROM regions WHERE id = ?').get(region))
        throw new HttpError(400, 'BAD_QUERY', { field: 'region' });
      where.push('a.region_id = ?');
      args.push(region);
    }
    const province = ctx.query.get('province');
    if (province && province !== '-1') {
      if (province.length > 100) throw new HttpError(400, 'BAD_QUERY', { field: 'province' });
      where.push(
        'a.province_id IN (SELECT id FROM province_contacts WHERE CAST(id AS TEXT) = ? OR province_th = ? OR lower(province_en) = lower(?))',
      );
      args.push(province, province, province);
    }
    return listArticles(ctx, where, args);
  });
  router.get('/content/page/:slug', (ctx) => {
    const r = found(q('SELECT * FROM articles WHERE slug = ?').get(ctx.params.slug));
    const related = neighbours('articles', articleColumns(), 'AND a.is_page = 0', 'published_at', r);
    return {
      data: {
        ...shapes.articleSummary(r, ctx.lang),
        body_html: pick(r, ctx.lang, 'body'),
        updated_at: r.updated_at,
        attachments: shapes.attachments('article', r.id, ctx.lang),
        related: related.map((x) => shapes.articleSummary(x, ctx.lang)),
      },
    };
  });
  router.get('/content/dropdown/category', (ctx) => ({
    data: q("SELECT id FROM categories WHERE area = 'article' ORDER BY sort")
      .all()
      .map((c) => shapes.category(c.id, ctx.lang)),
  }));
  router.get('/content/rss', (ctx) => ({
    data: q('SELECT * FROM articles WHERE is_page = 0 ORDER BY published_at DESC, id DESC LIMIT 20')
      .all()
      .map((r) => shapes.articleSummary(r, ctx.lang)),
  }));

  // News lists of the two agencies (own and the ministry).
  const news = (table: string, type: string, source: string) => (ctx: Ctx) => ({
    data: q(
      `SELECT * FROM ${table} WHERE source = ? ${table === 'articles' ? 'AND is_page = 0' : ''} ORDER BY published_at DESC, id DESC LIMIT ${NEWS_COUNT}`,
    )
      .all(source)
      .map((r) => shapes.newsItem(type, r, ctx.lang)),
  });
  router.get('/common/public-news', news('articles', 'article', 'own'));
  router.get('/common/public-news/moc', news('articles', 'article', 'moc'));
  router.get('/common/activity', news('activities', 'activity', 'own'));
  router.get('/common/activity/moc', news('activities', 'activity', 'moc'));
  router.get('/common/events', (ctx) => {
    const where: string[] = [];
    const args: SQLInputValue[] = [];
    for (const [name, op] of [
      ['from', '>='],
      ['to', '<='],
    ] as const) {
      const v = ctx.query.get(name);
      if (v === null || v === '') continue;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v)))
        throw new HttpError(400, 'BAD_QUERY', { field: name });
      // An event belongs to the range when it overlaps it.
      where.push(name === 'from' ? `substr(e.end_at, 1, 10) ${op} ?` : `substr(e.start_at, 1, 10) ${op} ?`);
      args.push(v);
    }
    const cat = filterId(ctx.query, 'category');
    if (cat !== undefined) {
      where.push('e.category_id = ?');
      args.push(cat);
    }
    const cats = q('SELECT * FROM event_categories ORDER BY id').all();
    const byId = new Map(cats.map((c) => [c.id, c]));
    const rows = q(
      `SELECT * FROM events e ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY e.start_at, e.id`,
    ).all(...args);
    return {
      data: {
        events: rows.map((r) => shapes.event(r, byId.get(r.category_id), ctx.lang)),
        categories: cats.map((c) => shapes.eventCategory(c, ctx.lang)),
      },
    };
  });

  // Activities and training.
  const listActivities = (ctx: Ctx, where: string[] = [], args: SQLInputValue[] = []) => {
    const { page, limit, offset } = paging(ctx.query);
    const kw = keywordWhere(
      keywordParam(ctx.query),
      ARTICLE_TEXT.map((c) => `a.${c}`),
    );
    const sortBy = ctx.query.get('sortBy') || 'newest';
    if (sortBy !== 'newest' && sortBy !== 'oldest') throw new HttpError(400, 'BAD_QUERY', { field: 'sortBy' });
    const cid = filterId(ctx.query, 'cid');
    if (cid !== undefined) {
      where = [...where, 'a.category_id = ?'];
      args = [...args, cid];
    }
    const dir = sortBy === 'oldest' ? 'ASC' : 'DESC';
    return pagedQuery(q, {
      select: activityColumns(),
      from: 'activities a',
      where: [...where, kw.sql],
      args: [...args, ...kw.args],
      order: `a.start_date ${dir}, a.id ${dir}`,
      page,
      limit,
      offset,
      map: (r) => shapes.activitySummary(r, langOf(ctx)),
    });
  };
  // The portal may send `language` as a parameter too; it wins over the header when valid.
  const langOf = (ctx: Ctx): Lang =>
    ctx.query.get('language') === 'en' ? 'en' : ctx.query.get('language') === 'th' ? 'th' : ctx.lang;

  router.get('/activity/category/all', (ctx) => listActivities(ctx));
  router.get('/activity/dropdown/category', (ctx) => ({
    data: q("SELECT id FROM categories WHERE area = 'activity' ORDER BY sort")
      .all()
      .map((c) => shapes.category(c.id, ctx.lang)),
  }));
  router.get('/activity/category/:id', (ctx) => {
    const id = pathId(ctx.params.id);
    found(q("SELECT id FROM categories WHERE area = 'activity' AND id = ?").get(id));
    return listActivities(ctx, ['a.category_id = ?'], [id]);
  });
  router.get('/activity/category/:department/:slug', (ctx) => {
    const d = departmentWhere(ctx.params.department, 'a');
    const where = [d.sql];
    const args: SQLInputValue[] = [d.arg];
    if (ctx.params.slug !== 'all') {
      where.push('a.category_id = ?');
      args.push(categoryId('activity', ctx.params.slug));
    }
    return listActivities(ctx, where, args);
  });
  router.get('/activity/page/:id', (ctx) => {
    const key = ctx.params.id;
    const r = found(
      /^\d{1,9}$/.test(key)
        ? q('SELECT * FROM activities WHERE id = ?').get(Number(key))
        : q('SELECT * FROM activities WHERE slug = ?').get(key),
    );
    const related = neighbours('activities', activityColumns(), '', 'start_date', r);
    return {
      data: {
        ...shapes.activitySummary(r, ctx.lang),
        body_html: pick(r, ctx.lang, 'body'),
        attachments: shapes.attachments('activity', r.id, ctx.lang),
        related: related.map((x) => shapes.activitySummary(x, ctx.lang)),
      },
    };
  });
}
