// Procurement notices (purchase/*) and the procure module (procure/*).
import type { Router } from '../http.ts';
import type { Lang, Row } from '../types.ts';
import type { Deps } from '../deps.ts';
import { pick } from '../i18n.ts';
import { paging, keywordParam, filterId, keywordWhere } from '../query.ts';
import { pagedQuery, found, listColumns, GROUP_TITLES } from './support.ts';

const GROUP_JOIN = 'JOIN purchase_groups g ON g.id = p.group_id';
const FROM = `purchases p ${GROUP_JOIN}`;
const SELECT = `p.*, ${GROUP_TITLES}`;

export function registerProcurement(router: Router, { q, shapes }: Deps) {
  const purchaseListColumns = listColumns(q, 'purchases', 'p');
  router.get('/purchase/all', (ctx) => {
    const { page, limit, offset } = paging(ctx.query);
    const kw = keywordWhere(keywordParam(ctx.query), ['p.title_th', 'p.title_en', 'p.summary_th', 'p.summary_en']);
    const gid = filterId(ctx.query, 'gid');
    return pagedQuery(q, {
      select: `${purchaseListColumns()}, ${GROUP_TITLES}`,
      from: 'purchases p',
      join: GROUP_JOIN,
      where: [kw.sql, gid !== undefined ? 'p.group_id = ?' : ''],
      args: [...kw.args, ...(gid !== undefined ? [gid] : [])],
      order: 'p.announced_at DESC, p.seq DESC',
      page,
      limit,
      offset,
      map: (r) => shapes.purchase(r, ctx.lang),
    });
  });
  router.get('/purchase/view/:uuid', (ctx) => {
    const r = found(q(`SELECT ${SELECT} FROM ${FROM} WHERE p.uuid = ?`).get(ctx.params.uuid));
    return {
      data: {
        ...shapes.purchase(r, ctx.lang),
        body_html: pick(r, ctx.lang, 'body'),
        attachments: shapes.attachments('purchase', r.uuid, ctx.lang),
      },
    };
  });
  router.get('/purchase/home', (ctx) => ({
    data: q(`SELECT ${SELECT} FROM ${FROM} ORDER BY p.announced_at DESC, p.seq DESC LIMIT 5`)
      .all()
      .map((r) => shapes.purchase(r, ctx.lang)),
  }));
  router.get('/purchase/group', (ctx) => ({
    data: q(
      'SELECT g.*, (SELECT count(*) FROM purchases p WHERE p.group_id = g.id) AS count FROM purchase_groups g ORDER BY g.id',
    )
      .all()
      .map((g) => ({ id: g.id, title: pick(g, ctx.lang, 'title'), count: g.count })),
  }));

  const procureItem = (r: Row, lang: Lang) => ({
    id: r.id,
    title: pick(r, lang, 'title'),
    published_at: r.published_at,
    attachments: shapes.attachments('procure', r.id, lang),
  });
  router.get('/procure/group', (ctx) => ({
    data: q('SELECT * FROM procure_groups ORDER BY id')
      .all()
      .map((g) => ({
        id: g.id,
        title: pick(g, ctx.lang, 'title'),
        procure_list: q('SELECT * FROM procure_items WHERE group_id = ? ORDER BY published_at DESC, id DESC LIMIT 12')
          .all(g.id)
          .map((r) => procureItem(r, ctx.lang)),
      })),
  }));
  router.get('/procure/content', (ctx) => {
    const { page, limit, offset } = paging(ctx.query);
    const gid = filterId(ctx.query, 'group_id');
    if (gid !== undefined) found(q('SELECT id FROM procure_groups WHERE id = ?').get(gid));
    return pagedQuery(q, {
      from: 'procure_items',
      where: [gid !== undefined ? 'group_id = ?' : ''],
      args: gid !== undefined ? [gid] : [],
      order: 'published_at DESC, id DESC',
      page,
      limit,
      offset,
      map: (r) => procureItem(r, ctx.lang),
    });
  });
}
