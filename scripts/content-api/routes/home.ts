// Home page blocks (home/*), banners, the popup and visitor tracking.
import type { Ctx, Router } from '../http.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http.ts';
import { pick } from '../i18n.ts';
import { date, dateTime } from '../seed/prng.ts';
import { documentOf, found, objectBody } from './support.ts';

/** Visits counted before this server existed; the counter adds every tracked page view to it. */
const VISITORS_BASELINE = 1_284_317;

/** "Upcoming" is measured from the demo data's fixed base date, so builds stay reproducible. */
const TODAY = date(0);

/** Today's date in Bangkok by the real clock (for the "today" visitor count). */
const bangkokDay = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

export function registerHome(router: Router, { q, shapes }: Deps) {
  router.get('/home/summary', (ctx) => ({
    data: q('SELECT * FROM statistics ORDER BY id')
      .all()
      .map((r) => ({ id: r.id, label: pick(r, ctx.lang, 'label'), value: r.value, unit: pick(r, ctx.lang, 'unit') })),
  }));
  router.get('/home/intropage', (ctx) => ({ data: documentOf(q, 'intropage', ctx.lang) }));
  router.get('/home/intropage-v2', (ctx) => ({ data: documentOf(q, 'intropage-v2', ctx.lang) }));
  router.get('/home/academy', (ctx) => {
    // Upcoming training first, then the most recent past ones, six in all.
    const upcoming = q(
      "SELECT * FROM activities WHERE kind = 'training' AND start_date >= ? ORDER BY start_date, id LIMIT 6",
    ).all(TODAY);
    const past = q(
      "SELECT * FROM activities WHERE kind = 'training' AND start_date < ? ORDER BY start_date DESC, id DESC LIMIT ?",
    ).all(TODAY, 6 - upcoming.length);
    return {
      data: [...upcoming, ...past].map((r) => ({
        id: r.id,
        title: pick(r, ctx.lang, 'title'),
        summary: pick(r, ctx.lang, 'summary'),
        cover: shapes.image(r.cover, pick(r, ctx.lang, 'title'), ctx.lang),
        start_date: r.start_date,
        activity_id: r.id,
      })),
    };
  });
  router.get('/home/content/news-tabs', (ctx) => {
    const tab = (key: string, th: string, en: string, table: string, type: string, source: string) => ({
      key,
      title: ctx.lang === 'en' ? en : th,
      items: q(
        `SELECT * FROM ${table} WHERE source = ? ${table === 'articles' ? 'AND is_page = 0' : ''} ORDER BY published_at DESC, id DESC LIMIT 6`,
      )
        .all(source)
        .map((r) => shapes.newsItem(type, r, ctx.lang)),
    });
    return {
      data: [
        tab('news', 'ข่าวประชาสัมพันธ์', 'News', 'articles', 'article', 'own'),
        tab('moc-news', 'ข่าวกระทรวงพาณิชย์', 'Ministry news', 'articles', 'article', 'moc'),
        tab('activity', 'กิจกรรม', 'Activities', 'activities', 'activity', 'own'),
        tab('moc-activity', 'กิจกรรมกระทรวงพาณิชย์', 'Ministry activities', 'activities', 'activity', 'moc'),
      ],
    };
  });
  router.get('/home/events-and-seminar', (ctx) => {
    const cats = new Map(
      q('SELECT * FROM event_categories')
        .all()
        .map((c) => [c.id, c]),
    );
    return {
      data: q('SELECT * FROM events WHERE start_at >= ? ORDER BY start_at, id LIMIT 6')
        .all(dateTime(0, 0, 0))
        .map((r) => shapes.event(r, cats.get(r.category_id), ctx.lang)),
    };
  });
  router.get('/home/success-case', (ctx) => ({
    data: q('SELECT * FROM articles WHERE is_success_case = 1 ORDER BY published_at DESC, id DESC LIMIT 6')
      .all()
      .map((r) => shapes.articleSummary(r, ctx.lang)),
  }));
  router.get('/home/multimedia', (ctx) => ({
    data: q('SELECT * FROM media ORDER BY published_at DESC, id DESC LIMIT 6')
      .all()
      .map((r) => shapes.mediaSummary(r, ctx.lang)),
  }));
  router.get('/home/book', (ctx) => ({
    data: q('SELECT * FROM books ORDER BY published_at DESC, id DESC LIMIT 6')
      .all()
      .map((r) => shapes.bookSummary(r, ctx.lang)),
  }));
  router.get('/home/popup', (ctx) => {
    const row = q("SELECT 1 FROM documents WHERE key = 'popup'").get();
    return { data: row ? documentOf(q, 'popup', ctx.lang) : null };
  });

  // Banners.
  const banners = (place: string) => (ctx: Ctx) => ({
    data: q('SELECT * FROM banners WHERE place = ? ORDER BY sort')
      .all(place)
      .map((r) => shapes.banner(r, ctx.lang)),
  });
  router.get('/home/banner/main', banners('main'));
  router.get('/banner/link', banners('link'));
  router.get('/banner/learning', banners('learning'));
  router.get('/home/banner/exchange-link', banners('exchange'));
  router.post('/banner/statistic/:uuid', (ctx) => {
    const row = found(
      q('UPDATE banners SET clicks = clicks + 1 WHERE uuid = ? RETURNING uuid, clicks').get(ctx.params.uuid),
    );
    return { data: { uuid: row.uuid, clicks: row.clicks } };
  });

  // Page views (spec point 7, Tracking) and the visitors counter.
  router.post('/tracking', async (ctx) => {
    const body = await objectBody(ctx);
    const url = body.url;
    if (typeof url !== 'string' || !url || url.length > 2000 || !/^(\/|https?:\/\/)/.test(url))
      throw new HttpError(422, 'VALIDATION', {
        errors: [{ field: 'url', message: 'url must be a path or http(s) address of at most 2000 characters' }],
      });
    q('INSERT INTO page_views (url, day, created_at) VALUES (?, ?, ?)').run(
      url,
      bangkokDay(),
      new Date().toISOString(),
    );
    return { data: { ok: true } };
  });
  router.get('/tracking/visitors', () => {
    const total = Number(q('SELECT count(*) AS n FROM page_views').get()?.n);
    const today = Number(q('SELECT count(*) AS n FROM page_views WHERE day = ?').get(bangkokDay())?.n);
    return { data: { total: VISITORS_BASELINE + total, today } };
  });
}
