/**
 * Laws (/laws/, /laws/page/{n}/, /laws/category/{id}/): 12 a page, newest enacted first,
 * Buddhist-era dates in Thai, files with type and size, the full text in a <details> that
 * carries the view counter, and a page for every category the API returns.
 */
import { expect, test } from './support/test';
import { checkPage, checkReadsWithoutJs, type Lang } from './support/page-checks';
import { api } from './support/api';

// Each test visits several pages and runs axe on most of them: three times the default time.
test.beforeEach(() => test.slow());

const PREFIX = { th: '', en: '/en' } as const;
const THAI_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
];

interface Law {
  id: number;
  title: string;
  enacted_at: string;
  law_categories_id: number;
  law_sub_categories_id: number | null;
  attachments: { name: string; mime: string }[];
}
type Paged<T> = { result: T[]; total: number };
type Category = { id: number; title_th: string; title_en: string | null };
type SubCategory = Category & { law_categories_id: number };

const titleOf = (c: Category, lang: Lang) => (lang === 'en' && c.title_en ? c.title_en : c.title_th);

for (const lang of ['th', 'en'] as const) {
  test.describe(`Laws (${lang})`, () => {
    for (const path of ['/laws/', '/laws/page/2/', '/laws/category/1/']) {
      test(`${path} passes the common page checks`, async ({ page }) => {
        await checkPage(page, `${PREFIX[lang]}${path}`, lang);
      });
    }

    test('page 1 shows the 12 newest laws, page 2 the next ones', async ({ page }) => {
      const laws = await api<Paged<Law>>('/law?page_size=24', lang);
      await page.goto(`${PREFIX[lang]}/laws/`);
      const items = page.locator('main article[id^="law-"]');
      await expect(items).toHaveCount(12);
      await expect(items.first().getByRole('heading', { level: 2 })).toHaveText(laws.result[0]!.title);
      await page.locator(`main nav a[href="${PREFIX[lang]}/laws/page/2/"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/laws/page/2/$`));
      await expect(page.locator('main article[id^="law-"]').first()).toHaveAttribute(
        'id',
        `law-${laws.result[12]!.id}`,
      );
    });

    test('a law shows its enacted date, files with type and size, and its full text on demand', async ({ page }) => {
      const law = (await api<Paged<Law>>('/law?page_size=1', lang)).result[0]!;
      await page.goto(`${PREFIX[lang]}/laws/`);
      const item = page.locator(`#law-${law.id}`);
      const [y, m, d] = law.enacted_at.slice(0, 10).split('-').map(Number) as [number, number, number];
      const date = lang === 'th' ? `${d} ${THAI_MONTHS[m - 1]} ${y + 543}` : new RegExp(`${d} \\w+ ${y}`);
      await expect(item.locator('time')).toHaveText(date);
      const file = law.attachments[0]!;
      await expect(item.getByRole('link', { name: file.name })).toHaveAttribute('href', /\/files\//);
      await expect(item).toContainText(/\(PDF, [\d.,]+ /);
      const body = item.locator('details .cms-content');
      await expect(body).toBeHidden();
      await item.locator('details summary').click();
      await expect(body).toBeVisible();
      await expect(item.locator(`details [data-view-counter="law"][data-view-id="${law.id}"]`)).toHaveCount(1);
    });

    test('every category has a page with its sub-categories as headings', async ({ page }) => {
      const categories = await api<Paged<Category>>('/law/categories?page_size=500', lang);
      const subs = await api<Paged<SubCategory>>('/law/subcategories?page_size=500', lang);
      for (const category of categories.result) {
        const response = await page.goto(`${PREFIX[lang]}/laws/category/${category.id}/`);
        expect(response?.status()).toBe(200);
        await expect(page.locator('h1')).toHaveText(titleOf(category, lang));
        const laws = await api<Paged<Law>>(`/law?page_size=500&law_categories_id=${category.id}`, lang);
        const used = new Set(laws.result.slice(0, 12).map((l) => l.law_sub_categories_id));
        for (const sub of subs.result.filter((s) => s.law_categories_id === category.id && used.has(s.id))) {
          await expect(page.getByRole('heading', { level: 2, name: titleOf(sub, lang), exact: true })).toBeVisible();
        }
        // Only this category's laws are listed.
        const ids = await page.locator('main article[id^="law-"]').evaluateAll((els) => els.map((e) => e.id));
        expect(ids.length).toBe(Math.min(12, laws.total));
        for (const id of ids) expect(laws.result.map((l) => `law-${l.id}`)).toContain(id);
      }
    });
  });
}

test.describe('Laws without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the list reads and the full text still opens', async ({ page }) => {
    const law = (await api<Paged<Law>>('/law?page_size=1', 'en')).result[0]!;
    await checkReadsWithoutJs(page, '/en/laws/', law.title);
    await page.locator(`#law-${law.id} details summary`).click();
    await expect(page.locator(`#law-${law.id} details .cms-content`)).toBeVisible();
  });
});
