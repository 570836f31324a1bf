// Collapse, organisation and common-article modules. Module ids come from the menus.
import type { Ctx, Router } from '../http.ts';
import type { Lang, Row } from '../types.ts';
import type { Deps } from '../deps.ts';
import { pick } from '../i18n.ts';
import { filterId, pathId } from '../query.ts';
import { found } from './support.ts';

export function registerModules(router: Router, { q, shapes }: Deps) {
  /** module_id from the query (the first module of that kind when absent), or 404 when unknown. */
  const moduleOf = (ctx: Ctx, kind: string) => {
    const id = filterId(ctx.query, 'module_id');
    const m =
      id === undefined
        ? q('SELECT * FROM modules WHERE kind = ? ORDER BY id LIMIT 1').get(kind)
        : q('SELECT * FROM modules WHERE kind = ? AND id = ?').get(kind, id);
    return found(m);
  };
  const moduleShape = (m: Row, lang: Lang) => ({ id: m.id, title: pick(m, lang, 'title') });

  router.get('/collapse', (ctx) => {
    const m = moduleOf(ctx, 'collapse');
    return {
      data: {
        module: moduleShape(m, ctx.lang),
        groups: q('SELECT * FROM collapse_groups WHERE module_id = ? ORDER BY sort')
          .all(m.id)
          .map((g) => ({
            id: g.id,
            title: pick(g, ctx.lang, 'title'),
            items: q('SELECT * FROM collapse_items WHERE group_id = ? ORDER BY sort')
              .all(g.id)
              .map((i) => ({ id: i.id, title: pick(i, ctx.lang, 'title'), summary: pick(i, ctx.lang, 'summary') })),
          })),
      },
    };
  });
  router.get('/collapse/content/:id', (ctx) => {
    const m = ctx.query.has('module_id') ? moduleOf(ctx, 'collapse') : null;
    const i = found(
      q(
        `SELECT i.* FROM collapse_items i JOIN collapse_groups g ON g.id = i.group_id WHERE i.id = ? ${m ? 'AND g.module_id = ?' : ''}`,
      ).get(pathId(ctx.params.id), ...(m ? [m.id] : [])),
    );
    return {
      data: {
        id: i.id,
        title: pick(i, ctx.lang, 'title'),
        body_html: pick(i, ctx.lang, 'body'),
        group_id: i.group_id,
        updated_at: i.updated_at,
      },
    };
  });

  const staffSummary = (s: Row, lang: Lang) => ({
    id: s.id,
    name: pick(s, lang, 'name'),
    position: pick(s, lang, 'position'),
    photo: shapes.image(s.photo, pick(s, lang, 'name'), lang),
  });
  router.get('/organization', (ctx) => {
    const m = moduleOf(ctx, 'organization');
    return {
      data: {
        module: moduleShape(m, ctx.lang),
        divisions: q('SELECT * FROM org_divisions WHERE module_id = ? ORDER BY sort')
          .all(m.id)
          .map((d) => ({
            id: d.id,
            title: pick(d, ctx.lang, 'title'),
            parent_id: d.parent_id ?? null,
            staff: q('SELECT * FROM staff WHERE division_id = ? ORDER BY sort')
              .all(d.id)
              .map((s) => staffSummary(s, ctx.lang)),
          })),
      },
    };
  });
  router.get('/organization/staff/:id', (ctx) => {
    const m = ctx.query.has('module_id') ? moduleOf(ctx, 'organization') : null;
    const s = found(
      q(
        `SELECT s.*, d.title_th AS division_title_th, d.title_en AS division_title_en FROM staff s JOIN org_divisions d ON d.id = s.division_id WHERE s.id = ? ${m ? 'AND d.module_id = ?' : ''}`,
      ).get(pathId(ctx.params.id), ...(m ? [m.id] : [])),
    );
    return {
      data: {
        ...staffSummary(s, ctx.lang),
        email: s.email,
        phone: s.phone,
        biography_html: pick(s, ctx.lang, 'biography'),
        division: { id: s.division_id, title: pick(s, ctx.lang, 'division_title') },
      },
    };
  });

  const commonContent = (c: Row, lang: Lang) => ({
    id: c.id,
    title: pick(c, lang, 'title'),
    summary: pick(c, lang, 'summary'),
    published_at: c.published_at,
  });
  router.get('/common-article/category', (ctx) => {
    const m = moduleOf(ctx, 'common-article');
    return {
      data: q(
        'SELECT c.*, (SELECT count(*) FROM common_contents x WHERE x.category_id = c.id) AS count FROM common_categories c WHERE c.module_id = ? ORDER BY c.id',
      )
        .all(m.id)
        .map((c) => ({
          id: c.id,
          title: pick(c, ctx.lang, 'title'),
          parent_id: c.parent_id ?? null,
          module_id: c.module_id,
          count: c.count,
        })),
    };
  });
  router.get('/common-article/no-parent/content/:module_id', (ctx) => {
    const m = found(
      q("SELECT * FROM modules WHERE kind = 'common-article' AND id = ?").get(pathId(ctx.params.module_id)),
    );
    return {
      data: q(
        'SELECT * FROM common_contents WHERE module_id = ? AND category_id IS NULL ORDER BY published_at DESC, id DESC',
      )
        .all(m.id)
        .map((c) => commonContent(c, ctx.lang)),
    };
  });
  router.get('/common-article/category/:id', (ctx) => {
    const c = found(q('SELECT * FROM common_categories WHERE id = ?').get(pathId(ctx.params.id)));
    return {
      data: {
        id: c.id,
        title: pick(c, ctx.lang, 'title'),
        module_id: c.module_id,
        contents: q('SELECT * FROM common_contents WHERE category_id = ? ORDER BY published_at DESC, id DESC')
          .all(c.id)
          .map((x) => commonContent(x, ctx.lang)),
      },
    };
  });
  router.get('/common-article/content/:id', (ctx) => {
    const c = found(q('SELECT * FROM common_contents WHERE id = ?').get(pathId(ctx.params.id)));
    return {
      data: {
        ...commonContent(c, ctx.lang),
        body_html: pick(c, ctx.lang, 'body'),
        category_id: c.category_id ?? null,
        module_id: c.module_id,
        attachments: shapes.attachments('common-content', c.id, ctx.lang),
      },
    };
  });
}
