/**
 * Download forms (/downloads/, /downloads/{categoryId}/): every category of the API has a
 * page listing its sub-categories and their files with type, size and a working link.
 */
import { expect, test } from './support/test';
import { checkPage, checkReadsWithoutJs } from './support/page-checks';
import { api } from './support/api';

// Each test visits several pages and runs axe on most of them: three times the default time.
test.beforeEach(() => test.slow());

const PREFIX = { th: '', en: '/en' } as const;

type Categories = { data: { id: number; title: string }[] };
type Subs = { data: { id: number; title: string; files: { name: string; url: string; mime: string }[] }[] };

for (const lang of ['th', 'en'] as const) {
  test.describe(`Download forms (${lang})`, () => {
    // The common page checks (axe included) run on /downloads/ and on the first category's
    // page; the other category pages are checked for their content only.
    test('every category links to a page with its sub-categories and files; common checks on the list and a category', async ({
      page,
      request,
    }) => {
      const categories = await api<Categories>('/download-form/category', lang);
      expect(categories.data.map((c) => c.id)).toContain(1);
      await checkPage(page, `${PREFIX[lang]}/downloads/`, lang);
      for (const category of categories.data) {
        await expect(page.getByRole('link', { name: category.title, exact: true })).toHaveAttribute(
          'href',
          `${PREFIX[lang]}/downloads/${category.id}/`,
        );
      }
      for (const category of categories.data) {
        const subs = await api<Subs>(`/download-form/sub-category/${category.id}`, lang);
        if (category.id === 1) await checkPage(page, `${PREFIX[lang]}/downloads/1/`, lang);
        else await page.goto(`${PREFIX[lang]}/downloads/${category.id}/`);
        await expect(page.locator('h1')).toHaveText(category.title);
        for (const sub of subs.data) {
          const section = page.locator('section', {
            has: page.getByRole('heading', { level: 2, name: sub.title, exact: true }),
          });
          await expect(section.getByRole('link')).toHaveCount(sub.files.length);
          for (const file of sub.files) {
            const link = section.getByRole('link', { name: file.name, exact: true });
            await expect(link.locator('..')).toContainText(/\((PDF|DOCX?|XLSX?|ZIP), [\d.,]+ \S+\)/);
          }
        }
      }
      // A download link leads to the file itself.
      const href = await page.locator('main a[download]').first().getAttribute('href');
      const file = await request.get(href!);
      expect(file.status()).toBe(200);
    });
  });
}

test.describe('Download forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('a category page reads', async ({ page }) => {
    const subs = await api<Subs>('/download-form/sub-category/1', 'th');
    await checkReadsWithoutJs(page, '/downloads/1/', subs.data[0]!.files[0]!.name);
  });
});
