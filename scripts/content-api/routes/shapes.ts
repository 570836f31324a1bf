// Row → response shape conversions shared by the route modules (docs/api-contract.md,
// "Shared record shapes"). Every function takes the request language.
import { pick } from '../i18n.ts';
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import { thaiImagePath } from '../files.ts';
import type { Lang, Row } from '../types.ts';

export function createShapes(db: DatabaseSync) {
  const attStmt = db.prepare('SELECT * FROM attachments WHERE owner_type = ? AND owner_id = ? ORDER BY id');
  const catStmt = db.prepare(
    'SELECT c.*, (SELECT count(*) FROM articles a WHERE a.category_id = c.id AND a.is_page = 0) AS n_article, (SELECT count(*) FROM activities a WHERE a.category_id = c.id) AS n_activity, (SELECT count(*) FROM books b WHERE b.category_id = c.id) AS n_book, (SELECT count(*) FROM media m WHERE m.category_id = c.id) AS n_media FROM categories c WHERE c.id = ?',
  );
  const deptStmt = db.prepare('SELECT slug, name_th, name_en FROM departments WHERE id = ?');
  const categoryCache = new Map<SQLOutputValue, Row>();
  const deptCache = new Map<SQLOutputValue, Row>();
  // Image sizes by path, read in one query when first needed. The files table is written only
  // when the database is seeded, before the server answers, so a size never changes while it
  // runs: a list of 100 details with their related items names about 500 images.
  let sizes: Map<SQLOutputValue, Row> | undefined;
  const sizeOf = (path: string) => {
    sizes ??= new Map(
      db
        .prepare('SELECT path, width, height FROM files')
        .all()
        .map((f) => [f.path, f]),
    );
    return sizes.get(path);
  };

  /**
   * Image { url, width, height, alt } or null. For a Thai response, the image's Thai twin
   * (text drawn in Thai, seed/helpers.ts) when the seed made one.
   */
  const image = (path: SQLOutputValue | undefined, alt: SQLOutputValue | undefined, lang: Lang) => {
    if (typeof path !== 'string' || !path) return null;
    const thai = lang === 'th' && path.endsWith('.svg') ? sizeOf(thaiImagePath(path)) : undefined;
    const f = thai ?? sizeOf(path);
    return {
      url: thai ? thaiImagePath(path) : path,
      width: f?.width ?? 1200,
      height: f?.height ?? 675,
      alt: alt ?? '',
    };
  };
  /** Attachment[] of a record. */
  const attachments = (ownerType: string, ownerId: SQLOutputValue, lang: Lang) =>
    attStmt
      .all(ownerType, String(ownerId))
      .map((a) => ({ name: pick(a, lang, 'name'), url: a.url, mime: a.mime, size_bytes: a.size_bytes }));
  /** Category { id, slug, title, count }. Counts are cached: categories change only on reseed. */
  const category = (id: SQLOutputValue | undefined, lang: Lang) => {
    if (id == null) return null;
    let c = categoryCache.get(id);
    if (!c) {
      c = catStmt.get(id);
      if (!c) return null;
      categoryCache.set(id, c);
    }
    return { id: c.id, slug: c.slug, title: pick(c, lang, 'title'), count: c[`n_${c.area}`] ?? 0 };
  };
  const department = (id: SQLOutputValue | undefined, lang: Lang) => {
    if (id == null) return null;
    let d = deptCache.get(id);
    if (!d) {
      d = deptStmt.get(id);
      if (!d) return null;
      deptCache.set(id, d);
    }
    return { slug: d.slug, title: pick(d, lang, 'name') };
  };

  const articleSummary = (r: Row, lang: Lang) => ({
    id: r.id,
    slug: r.slug,
    title: pick(r, lang, 'title'),
    summary: pick(r, lang, 'summary'),
    cover: image(r.cover, pick(r, lang, 'title'), lang),
    category: category(r.category_id, lang),
    department: department(r.department_id, lang),
    published_at: r.published_at,
    views: r.views,
  });
  const activitySummary = (r: Row, lang: Lang) => ({
    id: r.id,
    slug: r.slug,
    title: pick(r, lang, 'title'),
    summary: pick(r, lang, 'summary'),
    cover: image(r.cover, pick(r, lang, 'title'), lang),
    category: category(r.category_id, lang),
    department: department(r.department_id, lang),
    kind: r.kind,
    start_date: r.start_date,
    end_date: r.end_date,
    location: pick(r, lang, 'location'),
    published_at: r.published_at,
  });
  /** NewsItem from an article or activity row. */
  const newsItem = (type: string, r: Row, lang: Lang) => ({
    type,
    id: r.id,
    slug: r.slug,
    title: pick(r, lang, 'title'),
    summary: pick(r, lang, 'summary'),
    cover: image(r.cover, pick(r, lang, 'title'), lang),
    published_at: r.published_at,
    source: r.source,
  });
  const eventCategory = (r: Row, lang: Lang) => ({ id: r.id, title: pick(r, lang, 'title'), color: r.color });
  const event = (r: Row, cat: Row | undefined, lang: Lang) => ({
    id: r.id,
    title: pick(r, lang, 'title'),
    summary: pick(r, lang, 'summary'),
    location: pick(r, lang, 'location'),
    start_at: r.start_at,
    end_at: r.end_at,
    all_day: !!r.all_day,
    category: cat ? eventCategory(cat, lang) : null,
    type: r.activity_id ? 'activity' : null,
    activity_id: r.activity_id ?? null,
  });
  const banner = (r: Row, lang: Lang) => ({
    uuid: r.uuid,
    title: pick(r, lang, 'title'),
    image: image(r.image, pick(r, lang, 'title'), lang),
    link: r.link ?? null,
  });
  const bookSummary = (r: Row, lang: Lang) => ({
    id: r.id,
    slug: r.slug,
    title: pick(r, lang, 'title'),
    summary: pick(r, lang, 'summary'),
    cover: image(r.cover, pick(r, lang, 'title'), lang),
    published_at: r.published_at,
    views: r.views,
    category: category(r.category_id, lang),
  });
  const mediaSummary = (r: Row, lang: Lang) => ({
    id: r.id,
    slug: r.slug,
    title: pick(r, lang, 'title'),
    summary: pick(r, lang, 'summary'),
    cover: image(r.cover, pick(r, lang, 'title'), lang),
    kind: r.kind,
    published_at: r.published_at,
    category: category(r.category_id, lang),
  });
  const purchase = (r: Row, lang: Lang) => ({
    uuid: r.uuid,
    title: pick(r, lang, 'title'),
    summary: pick(r, lang, 'summary'),
    group: { id: r.group_id, title: lang === 'en' ? r.group_title_en : r.group_title_th },
    method: pick(r, lang, 'method'),
    budget: r.budget ?? null,
    status: r.status,
    announced_at: r.announced_at,
    closing_at: r.closing_at ?? null,
  });
  const service = (r: Row, lang: Lang) => ({
    id: r.id,
    slug: r.slug,
    title: pick(r, lang, 'title'),
    summary: pick(r, lang, 'summary'),
    icon: image(r.icon, '', lang),
    group: { slug: r.group_slug, title: lang === 'en' ? r.group_title_en : r.group_title_th },
  });
  const manual = (r: Row, lang: Lang) => ({
    uuid: r.uuid,
    title: pick(r, lang, 'title'),
    summary: pick(r, lang, 'summary'),
    group: { id: r.group_id, title: lang === 'en' ? r.group_title_en : r.group_title_th },
    updated_at: r.updated_at,
    highlight: !!r.highlight,
  });
  const onlineService = (r: Row, lang: Lang) => ({
    id: r.id,
    title: pick(r, lang, 'title'),
    summary: pick(r, lang, 'summary'),
    icon: image(r.icon, '', lang),
    category_id: r.category_id,
    url: r.url ?? null,
  });
  const idTitle = (r: Row, lang: Lang) => ({ id: r.id, title: pick(r, lang, 'title') });

  /**
   * Reads now what the shapes would read on first use: the image sizes (a row per image, about a
   * second on a large seed) and the categories with their counts. Called before the server
   * answers, so that the first answer with an image, often the one an editor's first edit after a
   * start waits for, does not pay for it (an agency's CMS, long running, has no such moment).
   */
  const warm = () => {
    sizeOf('');
    for (const { id } of db.prepare('SELECT id FROM categories').all()) category(id, 'th');
  };

  return {
    warm,
    image,
    attachments,
    category,
    department,
    articleSummary,
    activitySummary,
    newsItem,
    eventCategory,
    event,
    banner,
    bookSummary,
    mediaSummary,
    purchase,
    service,
    manual,
    onlineService,
    idTitle,
  };
}
