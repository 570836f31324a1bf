// Site furniture (menus, footer, quick menu, consent), FAQs, laws and download forms.
import type { SQLInputValue } from 'node:sqlite';
import type { Ctx, Router } from '../http.ts';
import type { Deps } from '../deps.ts';
import { pick } from '../i18n.ts';
import { paging, keywordParam, filterId, pathId, keywordWhere } from '../query.ts';
import { pagedQuery, documentOf, found } from './support.ts';

export function registerReference(router: Router, { q, shapes }: Deps) {
  for (const [path, key] of [
    ['/menu', 'menu'],
    ['/new-menu', 'new-menu'],
    ['/footer', 'footer'],
    ['/consent', 'consent'],
    ['/master/quick-menu', 'quick-menu'],
  ]) {
    router.get(path, (ctx) => ({ data: documentOf(q, key, ctx.lang) }));
  }

  router.get('/faqs/groups', (ctx) => ({
    data: q(
      'SELECT g.*, (SELECT count(*) FROM faqs f WHERE f.group_id = g.id) AS count FROM faq_groups g ORDER BY g.id',
    )
      .all()
      .map((g) => ({ id: g.id, title: pick(g, ctx.lang, 'title'), count: g.count })),
  }));
  router.get('/faqs', (ctx) => {
    const { page, limit, offset } = paging(ctx.query);
    const kw = keywordWhere(keywordParam(ctx.query), ['question_th', 'question_en', 'answer_th', 'answer_en']);
    const cid = filterId(ctx.query, 'cid');
    return pagedQuery(q, {
      from: 'faqs',
      where: [kw.sql, cid !== undefined ? 'group_id = ?' : ''],
      args: [...kw.args, ...(cid !== undefined ? [cid] : [])],
      order: 'group_id, id',
      page,
      limit,
      offset,
      map: (r) => ({
        id: r.id,
        question: pick(r, ctx.lang, 'question'),
        answer_html: pick(r, ctx.lang, 'answer'),
        group_id: r.group_id,
      }),
    });
  });

  // Laws use page_size (at most 500) instead of limit.
  const lawPaging = (ctx: Ctx) => paging(ctx.query, { limitName: 'page_size', maxLimit: 500 });
  router.get('/law', (ctx) => {
    const { page, limit, offset } = lawPaging(ctx);
    const kw = keywordWhere(keywordParam(ctx.query), ['title_th', 'title_en', 'summary_th', 'summary_en']);
    const cat = filterId(ctx.query, 'law_categories_id');
    const sub = filterId(ctx.query, 'law_sub_categories_id');
    const where = [kw.sql];
    const args: SQLInputValue[] = [...kw.args];
    if (cat !== undefined) {
      where.push('law_categories_id = ?');
      args.push(cat);
    }
    if (sub !== undefined) {
      where.push('law_sub_categories_id = ?');
      args.push(sub);
    }
    return pagedQuery(q, {
      from: 'laws',
      where,
      args,
      order: 'enacted_at DESC, id DESC',
      page,
      limit,
      offset,
      map: (r) => ({
        id: r.id,
        title: pick(r, ctx.lang, 'title'),
        summary: pick(r, ctx.lang, 'summary'),
        body_html: pick(r, ctx.lang, 'body'),
        law_categories_id: r.law_categories_id,
        law_sub_categories_id: r.law_sub_categories_id ?? null,
        enacted_at: r.enacted_at,
        views: r.views,
        attachments: shapes.attachments('law', r.id, ctx.lang),
      }),
    });
  });
  router.get('/law/categories', (ctx) => {
    const { page, limit, offset } = lawPaging(ctx);
    return pagedQuery(q, {
      from: 'law_categories',
      where: [],
      args: [],
      order: 'id',
      page,
      limit,
      offset,
      map: (r) => ({ id: r.id, title_th: r.title_th, title_en: r.title_en }),
    });
  });
  router.get('/law/subcategories', (ctx) => {
    const { page, limit, offset } = lawPaging(ctx);
    const cat = filterId(ctx.query, 'law_categories_id');
    return pagedQuery(q, {
      from: 'law_subcategories',
      where: [cat !== undefined ? 'law_categories_id = ?' : ''],
      args: cat !== undefined ? [cat] : [],
      order: 'id',
      page,
      limit,
      offset,
      map: (r) => ({ id: r.id, title_th: r.title_th, title_en: r.title_en, law_categories_id: r.law_categories_id }),
    });
  });
  router.put('/law/:id/view', (ctx) => {
    const row = found(
      q('UPDATE laws SET views = views + 1 WHERE id = ? RETURNING id, views').get(pathId(ctx.params.id)),
    );
    return { data: { id: row.id, views: row.views } };
  });

  router.get('/download-form/category', (ctx) => ({
    data: q(
      "SELECT c.*, (SELECT count(*) FROM attachments a JOIN download_subcategories s ON a.owner_type = 'download' AND a.owner_id = CAST(s.id AS TEXT) WHERE s.category_id = c.id) AS count FROM download_categories c ORDER BY c.id",
    )
      .all()
      .map((c) => ({ id: c.id, title: pick(c, ctx.lang, 'title'), count: c.count })),
  }));
  router.get('/download-form/sub-category/:category_id', (ctx) => {
    const c = found(q('SELECT id FROM download_categories WHERE id = ?').get(pathId(ctx.params.category_id)));
    return {
      data: q('SELECT * FROM download_subcategories WHERE category_id = ? ORDER BY id')
        .all(c.id)
        .map((s) => ({
          id: s.id,
          title: pick(s, ctx.lang, 'title'),
          files: shapes.attachments('download', s.id, ctx.lang),
        })),
    };
  });
}
