/**
 * E-magazines and multimedia: lists with static pagination, detail pages with
 * the PDF (type and size), page count, views and the view-counter slot; galleries whose
 * images carry width/height and load lazily after the first; video files offered with
 * type and size. Both languages; readable without JavaScript.
 */
import { expect, test } from './support/test';
import { checkPage, checkReadsWithoutJs, type Lang } from './support/page-checks';
import { api, langPrefix as prefix } from './support/api';

const LANGS: Lang[] = ['th', 'en'];
// Several pages a test, each with a full axe run: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

type Paged<T> = { result: T[]; total: number };
type BookSummary = { id: number; slug: string; title: string };
type MediaSummary = { slug: string; title: string; kind: string };

for (const lang of LANGS) {
  test.describe(`e-magazines (${lang})`, () => {
    test('list page 1 and 2 show different real titles under the template heading', async ({ page }) => {
      const all = await api<Paged<BookSummary>>('/book/category/all?page=1&limit=100', lang);
      const template = await api<{ data: { title: string } }>('/book/template', lang);
      expect(all.total).toBeGreaterThan(12);

      await checkPage(page, `${prefix(lang)}/e-magazine/`, lang);
      await expect(page.locator('h1')).toHaveText(template.data.title);
      await expect(page.locator('main')).toContainText(all.result[0]!.title);
      await expect(page.locator('main')).not.toContainText(all.result[12]!.title);

      await page.locator('nav[aria-label] a[rel="next"]').click();
      await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/e-magazine/page/2/$`));
      await checkPage(page, `${prefix(lang)}/e-magazine/page/2/`, lang);
      await expect(page.locator('main')).toContainText(all.result[12]!.title);
      await expect(page.locator('main')).not.toContainText(all.result[0]!.title);
    });

    test('detail shows cover, PDF with type and size, pages, views, date and the view counter', async ({ page }) => {
      const list = await api<Paged<BookSummary>>('/book/category/all?page=1&limit=1', lang);
      const { data: book } = await api<{
        data: { id: number; slug: string; title: string; pages: number; pdf: { name: string } };
      }>(`/book/page/${list.result[0]!.slug}`, lang);

      await checkPage(page, `${prefix(lang)}/e-magazine/${book.slug}/`, lang);
      await expect(page.locator('h1')).toHaveText(book.title);
      const pdf = page.locator(`a[href$=".pdf"]`).first();
      await expect(pdf).toContainText(book.pdf.name);
      await expect(pdf).toContainText(/\(PDF, [\d.,]+ (KB|MB|bytes|ไบต์|กิโลไบต์|เมกะไบต์)/i);
      await expect(page.locator('main dl')).toContainText(String(book.pages));
      await expect(page.locator(`[data-view-counter="book"][data-view-id="${book.id}"]`)).toHaveCount(1);
      const cover = page.locator('main img').first();
      await expect(cover).toHaveAttribute('width', /\d+/);
      await expect(cover).toHaveAttribute('height', /\d+/);
      // Dates in the page's language: Buddhist era in Thai (2569), Gregorian in English (2026).
      await expect(page.locator('main time').first()).toContainText(lang === 'th' ? /25\d\d/ : /20\d\d/);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    });
  });

  test.describe(`multimedia (${lang})`, () => {
    test('list paginates and links to real items', async ({ page }) => {
      const all = await api<Paged<MediaSummary>>('/media/category/all?page=1&limit=100', lang);
      await checkPage(page, `${prefix(lang)}/multimedia/`, lang);
      await expect(page.locator('main')).toContainText(all.result[0]!.title);
      if (all.total > 12) {
        await checkPage(page, `${prefix(lang)}/multimedia/page/2/`, lang);
        await expect(page.locator('main')).toContainText(all.result[12]!.title);
        await expect(page.locator('main')).not.toContainText(all.result[0]!.title);
      }
    });

    test('a gallery lists its images with size and alt, lazily after the first', async ({ page }) => {
      const all = await api<Paged<MediaSummary>>('/media/category/all?page=1&limit=100', lang);
      const gallery = all.result.find((m) => m.kind === 'gallery')!;
      const { data } = await api<{ data: { title: string; images: { alt: string }[] } }>(
        `/media/page/${gallery.slug}`,
        lang,
      );
      await checkPage(page, `${prefix(lang)}/multimedia/${gallery.slug}/`, lang);
      await expect(page.locator('h1')).toHaveText(data.title);
      const images = page.locator('main figure img');
      await expect(images).toHaveCount(Math.max(1, data.images.length));
      const count = await images.count();
      for (let i = 0; i < count; i++) {
        const img = images.nth(i);
        await expect(img).toHaveAttribute('width', /^\d+$/);
        await expect(img).toHaveAttribute('height', /^\d+$/);
        await expect(img).toHaveAttribute('loading', i === 0 ? 'eager' : 'lazy');
      }
      if (data.images[0]) await expect(images.first()).toHaveAttribute('alt', data.images[0].alt);
    });

    test('a video item offers its file with type and size', async ({ page }) => {
      const all = await api<Paged<MediaSummary>>('/media/category/all?page=1&limit=100', lang);
      const video = all.result.find((m) => m.kind === 'video');
      expect(video, 'the demo data has a video item').toBeTruthy();
      const { data } = await api<{ data: { video: { name: string } | null } }>(`/media/page/${video!.slug}`, lang);
      await checkPage(page, `${prefix(lang)}/multimedia/${video!.slug}/`, lang);
      if (data.video) {
        await expect(page.locator('main a[download]').filter({ hasText: data.video.name }).first()).toContainText(
          /\([A-Z0-9]+, [\d.,]+ /,
        );
      }
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('e-magazine and multimedia pages read without script', async ({ page }) => {
    const books = await api<Paged<BookSummary>>('/book/category/all?page=1&limit=1', 'th');
    await checkReadsWithoutJs(page, '/e-magazine/', books.result[0]!.title);
    await checkReadsWithoutJs(page, `/e-magazine/${books.result[0]!.slug}/`, books.result[0]!.title);
    const media = await api<Paged<MediaSummary>>('/media/category/all?page=1&limit=1', 'en');
    await checkReadsWithoutJs(page, '/en/multimedia/', media.result[0]!.title);
    await checkReadsWithoutJs(page, `/en/multimedia/${media.result[0]!.slug}/`, media.result[0]!.title);
  });
});
