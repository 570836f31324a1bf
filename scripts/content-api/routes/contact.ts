// Contact pages: offices (departments) with divisions, covers, divisions and provincial offices.
import type { Router } from '../http.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http.ts';
import { pick } from '../i18n.ts';
import { keywordParam, keywordWhere } from '../query.ts';
import { documentOf } from './support.ts';

export function registerContact(router: Router, { q, shapes }: Deps) {
  const offices = () => q("SELECT * FROM departments WHERE kind = 'office' ORDER BY id").all();
  router.get('/contact/department', (ctx) => ({
    data: offices().map((d) => ({
      id: d.id,
      slug: d.slug,
      name: pick(d, ctx.lang, 'name'),
      address: pick(d, ctx.lang, 'address'),
      phone: d.phone,
      fax: d.fax,
      email: d.email,
      hours: pick(d, ctx.lang, 'hours'),
      map_image: shapes.image(d.map_image, pick(d, ctx.lang, 'name'), ctx.lang),
      divisions: q('SELECT * FROM divisions WHERE department_id = ? ORDER BY id')
        .all(d.id)
        .map((v) => ({ id: v.id, name: pick(v, ctx.lang, 'name'), phone: v.phone, email: v.email })),
    })),
  }));
  router.get('/contact/covers', (ctx) => ({
    data: q("SELECT * FROM banners WHERE place = 'contact-cover' ORDER BY sort")
      .all()
      .map((r) => shapes.banner(r, ctx.lang)),
  }));
  router.get('/contact/division', (ctx) => ({
    data: q('SELECT * FROM divisions ORDER BY department_id, id')
      .all()
      .map((v) => ({
        id: v.id,
        name: pick(v, ctx.lang, 'name'),
        head: pick(v, ctx.lang, 'head'),
        phone: v.phone,
        email: v.email,
        department_id: v.department_id,
      })),
  }));
  router.get('/contact/division/cover', (ctx) => ({ data: documentOf(q, 'division-cover', ctx.lang) }));
  router.get('/contact/division/attachments', (ctx) => ({ data: shapes.attachments('contact-division', 0, ctx.lang) }));
  router.get('/contact/departments', (ctx) => ({
    data: offices().map((d) => ({ id: d.id, slug: d.slug, name: pick(d, ctx.lang, 'name') })),
  }));
  router.get('/contact/province', (ctx) => {
    const kw = keywordWhere(keywordParam(ctx.query), ['p.province_th', 'p.province_en', 'p.office_th', 'p.office_en']);
    const where = [kw.sql];
    const args = [...kw.args];
    const region = ctx.query.get('region');
    if (region && region !== '-1' && region !== 'ทุกภาค' && region !== 'all') {
      if (!q('SELECT 1 FROM regions WHERE id = ?').get(region))
        throw new HttpError(400, 'BAD_QUERY', { field: 'region' });
      where.push('p.region_id = ?');
      args.push(region);
    }
    const w = where.filter(Boolean);
    const regions = q('SELECT * FROM regions ORDER BY sort').all();
    const byId = new Map(regions.map((r) => [r.id, { id: r.id, title: pick(r, ctx.lang, 'title') }]));
    const rows = q(`SELECT * FROM province_contacts p ${w.length ? 'WHERE ' + w.join(' AND ') : ''} ORDER BY p.id`).all(
      ...args,
    );
    return {
      data: rows.map((p) => ({
        id: p.id,
        province: pick(p, ctx.lang, 'province'),
        region: byId.get(p.region_id),
        office: pick(p, ctx.lang, 'office'),
        address: pick(p, ctx.lang, 'address'),
        phone: p.phone,
        email: p.email,
      })),
      regions: [...byId.values()],
    };
  });
}
