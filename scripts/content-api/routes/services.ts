// Services (services/*), manuals (manual/*), online services and home services.
import type { SQLInputValue } from 'node:sqlite';
import type { Ctx, Router } from '../http.ts';
import type { Lang, Row } from '../types.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http.ts';
import { pick } from '../i18n.ts';
import { paging, keywordParam, filterId, slugParam, pathId, keywordWhere } from '../query.ts';
import { pagedQuery, found, listColumns, GROUP_TITLES } from './support.ts';

const SERVICE_SELECT = `SELECT s.*, g.slug AS group_slug, ${GROUP_TITLES} FROM services s JOIN service_groups g ON g.id = s.group_id`;
const MANUAL_GROUP_JOIN = 'JOIN manual_groups g ON g.id = m.group_id';
const MANUAL_FROM = `manuals m ${MANUAL_GROUP_JOIN}`;
const MANUAL_SELECT = `m.*, ${GROUP_TITLES}`;
const MANUAL_TEXT = ['m.title_th', 'm.title_en', 'm.summary_th', 'm.summary_en'];

export function registerServices(router: Router, { q, shapes }: Deps) {
  const manualListColumns = listColumns(q, 'manuals', 'm');
  const group = (g: Row, lang: Lang) => ({
    slug: g.slug,
    title: pick(g, lang, 'title'),
    description: pick(g, lang, 'description'),
    services: q(`${SERVICE_SELECT} WHERE s.group_id = ? ORDER BY s.id`)
      .all(g.id)
      .map((r) => shapes.service(r, lang)),
  });
  router.get('/services/home/single-page', (ctx) => ({
    data: q(`${SERVICE_SELECT} WHERE s.highlight = 1 ORDER BY s.id`)
      .all()
      .map((r) => shapes.service(r, ctx.lang)),
  }));
  router.get('/services/home', (ctx) => ({
    data: q('SELECT * FROM service_groups ORDER BY id')
      .all()
      .map((g) => group(g, ctx.lang)),
  }));
  router.get('/services/page/:slug', (ctx) => {
    const r = found(q(`${SERVICE_SELECT} WHERE s.slug = ?`).get(ctx.params.slug));
    return {
      data: {
        ...shapes.service(r, ctx.lang),
        body_html: pick(r, ctx.lang, 'body'),
        url: r.url ?? null,
        attachments: shapes.attachments('service', r.id, ctx.lang),
      },
    };
  });
  router.get('/services/groups/:slug', (ctx) => ({
    data: group(found(q('SELECT * FROM service_groups WHERE slug = ?').get(ctx.params.slug)), ctx.lang),
  }));

  // Manuals.
  const manualGroup = (g: Row, lang: Lang) => ({
    id: g.id,
    slug: g.slug,
    title: pick(g, lang, 'title'),
    description: pick(g, lang, 'description'),
    count: g.count,
  });
  const GROUPS_SQL =
    'SELECT g.*, (SELECT count(*) FROM manuals m WHERE m.group_id = g.id) AS count FROM manual_groups g';
  const listManuals = (ctx: Ctx, where: string[], args: SQLInputValue[]) => {
    const { page, limit, offset } = paging(ctx.query);
    const kw = keywordWhere(keywordParam(ctx.query), MANUAL_TEXT);
    return pagedQuery(q, {
      select: `${manualListColumns()}, ${GROUP_TITLES}`,
      from: 'manuals m',
      join: MANUAL_GROUP_JOIN,
      where: [...where, kw.sql],
      args: [...args, ...kw.args],
      order: 'm.updated_at DESC, m.seq DESC',
      page,
      limit,
      offset,
      map: (r) => shapes.manual(r, ctx.lang),
    });
  };
  router.get('/manual/group/:id', (ctx) => {
    const id = pathId(ctx.params.id);
    found(q('SELECT id FROM manual_groups WHERE id = ?').get(id));
    const gid = filterId(ctx.query, 'group_id');
    if (gid !== undefined && gid !== id) throw new HttpError(400, 'BAD_QUERY', { field: 'group_id' });
    return listManuals(ctx, ['m.group_id = ?'], [id]);
  });
  router.get('/manual/search', (ctx) => {
    const slug = slugParam(ctx.query, 'slug');
    if (slug === undefined) return listManuals(ctx, [], []);
    const g = found(q('SELECT id FROM manual_groups WHERE slug = ?').get(slug));
    return listManuals(ctx, ['m.group_id = ?'], [g.id]);
  });
  router.get('/manual/view/:uuid', (ctx) => {
    const r = found(q(`SELECT ${MANUAL_SELECT} FROM ${MANUAL_FROM} WHERE m.uuid = ?`).get(ctx.params.uuid));
    return {
      data: {
        ...shapes.manual(r, ctx.lang),
        body_html: pick(r, ctx.lang, 'body'),
        attachments: shapes.attachments('manual', r.uuid, ctx.lang),
      },
    };
  });
  router.get('/manual/groups', (ctx) => {
    // The portal asks for every group at once (limit 9999, spec point 9).
    const { page, limit, offset } = paging(ctx.query, { maxLimit: 10_000 });
    return pagedQuery(q, {
      from: `(${GROUPS_SQL}) g`,
      where: [],
      args: [],
      order: 'g.id',
      page,
      limit,
      offset,
      map: (g) => manualGroup(g, ctx.lang),
    });
  });
  router.get('/manual/home', (ctx) => ({
    data: q(`SELECT ${MANUAL_SELECT} FROM ${MANUAL_FROM} ORDER BY m.updated_at DESC, m.seq DESC LIMIT 6`)
      .all()
      .map((r) => shapes.manual(r, ctx.lang)),
  }));
  const highlights = (ctx: Ctx) => ({
    data: q(
      `SELECT ${MANUAL_SELECT} FROM ${MANUAL_FROM} WHERE m.highlight = 1 ORDER BY m.updated_at DESC, m.seq DESC LIMIT 8`,
    )
      .all()
      .map((r) => shapes.manual(r, ctx.lang)),
  });
  router.get('/manual/home/highlight', highlights);
  router.get('/collapse/manual/highlight', highlights);
  router.get('/manual/page/:slug', (ctx) => {
    const g = found(q(`${GROUPS_SQL} WHERE g.slug = ?`).get(ctx.params.slug));
    return {
      data: {
        group: manualGroup(g, ctx.lang),
        manuals: q(
          `SELECT ${MANUAL_SELECT} FROM ${MANUAL_FROM} WHERE m.group_id = ? ORDER BY m.updated_at DESC, m.seq DESC`,
        )
          .all(g.id)
          .map((r) => shapes.manual(r, ctx.lang)),
      },
    };
  });

  // Online services.
  const ONLINE = 'SELECT * FROM online_services';
  router.get('/online-service/hot-service', (ctx) => ({
    data: q(`${ONLINE} WHERE hot = 1 ORDER BY id`)
      .all()
      .map((r) => shapes.onlineService(r, ctx.lang)),
  }));
  router.get('/online-service/category/list', (ctx) => ({
    data: q(
      'SELECT c.*, (SELECT count(*) FROM online_services s WHERE s.category_id = c.id) AS count FROM online_categories c ORDER BY c.id',
    )
      .all()
      .map((c) => ({ id: c.id, title: pick(c, ctx.lang, 'title'), count: c.count })),
  }));
  router.get('/online-service/:id', (ctx) => {
    const c = found(q('SELECT * FROM online_categories WHERE id = ?').get(pathId(ctx.params.id)));
    return {
      data: {
        id: c.id,
        title: pick(c, ctx.lang, 'title'),
        services: q(`${ONLINE} WHERE category_id = ? ORDER BY id`)
          .all(c.id)
          .map((r) => shapes.onlineService(r, ctx.lang)),
      },
    };
  });
  router.get('/online-service/service-category/:id', (ctx) => {
    const c = found(q('SELECT id FROM online_categories WHERE id = ?').get(pathId(ctx.params.id)));
    return {
      data: q(`${ONLINE} WHERE category_id = ? ORDER BY id`)
        .all(c.id)
        .map((r) => shapes.onlineService(r, ctx.lang)),
    };
  });
  router.get('/online-service/view/:id', (ctx) => {
    const r = found(q(`${ONLINE} WHERE id = ?`).get(pathId(ctx.params.id)));
    return {
      data: {
        ...shapes.onlineService(r, ctx.lang),
        body_html: pick(r, ctx.lang, 'body'),
        attachments: shapes.attachments('online', r.id, ctx.lang),
      },
    };
  });

  // Home services.
  const homeService = (r: Row, lang: Lang) => ({
    id: r.id,
    title: pick(r, lang, 'title'),
    summary: pick(r, lang, 'summary'),
    cover: shapes.image(r.cover, pick(r, lang, 'title'), lang),
  });
  router.get('/home-service/home', (ctx) => ({
    data: q('SELECT * FROM home_services ORDER BY id')
      .all()
      .map((r) => homeService(r, ctx.lang)),
  }));
  router.get('/home-service/detail/:id', (ctx) => {
    const r = found(q('SELECT * FROM home_services WHERE id = ?').get(pathId(ctx.params.id)));
    return {
      data: {
        ...homeService(r, ctx.lang),
        body_html: pick(r, ctx.lang, 'body'),
        attachments: shapes.attachments('home-service', r.id, ctx.lang),
      },
    };
  });
}
