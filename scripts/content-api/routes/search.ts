// Site search over articles, activities, procurement, manuals, FAQs, laws, books and media.
// Substring match (instr), so a Thai word is found inside unspaced Thai text.
import type { Router } from '../http.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http.ts';
import { pick } from '../i18n.ts';
import { intParam, keywordParam } from '../query.ts';

const PAGE_SIZE = 10;

/** One SELECT per searchable type, all with the same columns. `{kw}` is the match condition. */
const SOURCES: Record<string, string> = {
  article:
    "SELECT 'article' AS type, id, slug, NULL AS uuid, title_th, title_en, summary_th, summary_en, published_at FROM articles WHERE is_page = 0 AND {kw}",
  activity:
    "SELECT 'activity' AS type, id, slug, NULL AS uuid, title_th, title_en, summary_th, summary_en, published_at FROM activities WHERE {kw}",
  purchase:
    "SELECT 'purchase' AS type, NULL AS id, NULL AS slug, uuid, title_th, title_en, summary_th, summary_en, announced_at AS published_at FROM purchases WHERE {kw}",
  manual:
    "SELECT 'manual' AS type, NULL AS id, NULL AS slug, uuid, title_th, title_en, summary_th, summary_en, updated_at AS published_at FROM manuals WHERE {kw}",
  faq: "SELECT 'faq' AS type, id, NULL AS slug, NULL AS uuid, question_th AS title_th, question_en AS title_en, answer_th AS summary_th, answer_en AS summary_en, NULL AS published_at FROM faqs WHERE {kw}",
  law: "SELECT 'law' AS type, id, NULL AS slug, NULL AS uuid, title_th, title_en, summary_th, summary_en, enacted_at AS published_at FROM laws WHERE {kw}",
  book: "SELECT 'book' AS type, id, slug, NULL AS uuid, title_th, title_en, summary_th, summary_en, published_at FROM books WHERE {kw}",
  media:
    "SELECT 'media' AS type, id, slug, NULL AS uuid, title_th, title_en, summary_th, summary_en, published_at FROM media WHERE {kw}",
};
const TEXT_COLS: Record<string, string[]> = { faq: ['question_th', 'question_en', 'answer_th', 'answer_en'] };
const DEFAULT_COLS = ['title_th', 'title_en', 'summary_th', 'summary_en'];

const condition = (type: string) =>
  '(' + (TEXT_COLS[type] ?? DEFAULT_COLS).map((c) => `instr(lower(${c}), ?) > 0`).join(' OR ') + ')';
const argsFor = (type: string, k: string) => (TEXT_COLS[type] ?? DEFAULT_COLS).map(() => k);
const stripTags = (s: unknown) =>
  String(s ?? '')
    .replace(/<[^>]*>/g, '')
    .trim();

export function registerSearch(router: Router, { q }: Deps) {
  router.get('/search', (ctx) => {
    const keyword = keywordParam(ctx.query);
    const page = intParam(ctx.query, 'page', { min: 1, max: 1_000_000, def: 1 });
    const cate = ctx.query.get('cate') || 'all';
    if (cate !== 'all' && !(cate in SOURCES)) throw new HttpError(400, 'BAD_QUERY', { field: 'cate' });
    if (!keyword)
      return {
        results: [],
        current_page: page,
        total: 0,
        categories: Object.keys(SOURCES).map((c) => ({ cate: c, count: 0 })),
      };
    const k = keyword.toLowerCase();

    const categories = Object.keys(SOURCES).map((type) => ({
      cate: type,
      count: Number(
        q(`SELECT count(*) AS n FROM (${SOURCES[type].replace('{kw}', condition(type))})`).get(...argsFor(type, k))?.n,
      ),
    }));
    const types = cate === 'all' ? Object.keys(SOURCES) : [cate];
    const union = types.map((t) => SOURCES[t].replace('{kw}', condition(t))).join(' UNION ALL ');
    const args = types.flatMap((t) => argsFor(t, k));
    const total = categories.filter((c) => types.includes(c.cate)).reduce((n, c) => n + c.count, 0);
    // Title matches first, then newest.
    const rows = q(
      `SELECT * FROM (${union}) ORDER BY (instr(lower(title_${ctx.lang === 'en' ? 'en' : 'th'}), ?) > 0) DESC, published_at DESC LIMIT ? OFFSET ?`,
    ).all(...args, k, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    return {
      results: rows.map((r) => ({
        type: r.type,
        id: r.id ?? null,
        slug: r.slug ?? null,
        uuid: r.uuid ?? null,
        title: pick(r, ctx.lang, 'title'),
        summary: stripTags(pick(r, ctx.lang, 'summary')),
        published_at: r.published_at ?? null,
      })),
      current_page: page,
      total,
      categories,
    };
  });
}
