// E-magazines (book/*) and multimedia (media/*).
import type { Ctx, Router } from '../http.ts';
import type { Lang, Row } from '../types.ts';
import type { Deps } from '../deps.ts';
import { pick } from '../i18n.ts';
import { renderPdf } from '../files.ts';
import { paging, keywordParam, filterId, pathId, keywordWhere } from '../query.ts';
import { pagedQuery, documentOf, found, listColumns } from './support.ts';

const TEXT = ['b.title_th', 'b.title_en', 'b.summary_th', 'b.summary_en'];

export function registerLibrary(router: Router, { q, shapes }: Deps) {
  const columns = { books: listColumns(q, 'books', 'b'), media: listColumns(q, 'media', 'b') };
  /** A paged list of books or media, newest first, by keyword (`keyword`) and category (`cid`). */
  const list = (ctx: Ctx, table: 'books' | 'media', shape: (r: Row, lang: Lang) => unknown) => {
    const { page, limit, offset } = paging(ctx.query);
    const kw = keywordWhere(keywordParam(ctx.query), TEXT);
    const cid = filterId(ctx.query, 'cid');
    return pagedQuery(q, {
      select: columns[table](),
      from: `${table} b`,
      where: [kw.sql, cid !== undefined ? 'b.category_id = ?' : ''],
      args: [...kw.args, ...(cid !== undefined ? [cid] : [])],
      order: 'b.published_at DESC, b.id DESC',
      page,
      limit,
      offset,
      map: (r) => shape(r, ctx.lang),
    });
  };
  router.get('/book/template', (ctx) => ({ data: documentOf(q, 'book-template', ctx.lang) }));
  router.get('/book/category/all', (ctx) => list(ctx, 'books', shapes.bookSummary));
  router.get('/book/update-view/:id', (ctx) => {
    const row = found(
      q('UPDATE books SET views = views + 1 WHERE id = ? RETURNING id, views').get(pathId(ctx.params.id)),
    );
    return { data: { id: row.id, views: row.views } };
  });
  router.get('/book/page/:slug', (ctx) => {
    const r = found(q('SELECT * FROM books WHERE slug = ?').get(ctx.params.slug));
    const pdf = q('SELECT * FROM files WHERE path = ?').get(r.pdf);
    return {
      data: {
        ...shapes.bookSummary(r, ctx.lang),
        body_html: pick(r, ctx.lang, 'body'),
        pages: r.pages,
        pdf: {
          name: `${pick(r, ctx.lang, 'title')}.pdf`,
          url: r.pdf,
          mime: 'application/pdf',
          size_bytes: pdfBytes(pdf),
        },
      },
    };
  });

  router.get('/media/category/all', (ctx) => list(ctx, 'media', shapes.mediaSummary));
  router.get('/media/dropdown/category', (ctx) => ({
    data: q("SELECT id FROM categories WHERE area = 'media' ORDER BY sort")
      .all()
      .map((c) => shapes.category(c.id, ctx.lang)),
  }));
  router.get('/media/page/:slug', (ctx) => {
    const r = found(q('SELECT * FROM media WHERE slug = ?').get(ctx.params.slug));
    const title = pick(r, ctx.lang, 'title');
    const images = (JSON.parse(String(r.images)) as string[]).map((p, i) =>
      shapes.image(p, `${title} (${i + 1})`, ctx.lang),
    );
    const video = r.video
      ? {
          name: ctx.lang === 'en' ? `Transcript: ${title}.pdf` : `บทถอดความ ${title}.pdf`,
          url: r.video,
          mime: 'application/pdf',
          size_bytes: pdfBytes(q('SELECT * FROM files WHERE path = ?').get(r.video)),
        }
      : null;
    return { data: { ...shapes.mediaSummary(r, ctx.lang), body_html: pick(r, ctx.lang, 'body'), images, video } };
  });
}

/** Size of the generated PDF a files row renders to. */
const pdfBytes = (fileRow: Row | undefined) =>
  fileRow ? renderPdf({ title: fileRow.title, subtitle: fileRow.subtitle }).length : 0;
