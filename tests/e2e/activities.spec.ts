/**
 * Activities and training: /activities/ with pagination, category and
 * department lists, activity detail with its dates (start–end) and place, both languages.
 */
import { expect as baseExpect, test } from './support/test';
import { checkPage, checkReadsWithoutJs } from './support/page-checks';
import { api, inLang } from './support/api';

const LANGS = ['th', 'en'] as const;
// Each test visits several pages through axe; a loaded 2-core machine needs more than the default 30 s.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
for (const lang of LANGS) {
  test.describe(`activities in ${lang}`, () => {
    test("list: page 1 and page 2 show the API's activities in order", async ({ page }) => {
      const list = await api('/activity/category/all?page=1&limit=24', lang);
      expect(list.total).toBeGreaterThan(12);
      await checkPage(page, inLang('/activities/', lang), lang);
      const titles = page.locator('main article h2 a');
      await expect(titles).toHaveCount(12);
      await expect(titles.first()).toHaveText(list.result[0].title);
      await expect(page.locator('[data-filterable="activities"]')).toHaveCount(1);

      await page.locator('main nav a[rel="next"]').click();
      await expect(page).toHaveURL(new RegExp(`${inLang('/activities/page/2/', lang)}$`));
      await expect(titles.first()).toHaveText(list.result[12].title);
      await checkPage(page, inLang('/activities/page/2/', lang), lang);
    });

    test('category and department lists', async ({ page, request }) => {
      const categories = (await api('/activity/dropdown/category', lang)).data;
      for (const c of categories) {
        expect((await request.get(inLang(`/activities/category/${c.id}/`, lang))).status(), c.slug).toBe(200);
      }
      const category = categories.find((c: any) => c.count > 0);
      const inCategory = await api(`/activity/category/${category.id}?limit=12`, lang);
      await checkPage(page, inLang(`/activities/category/${category.id}/`, lang), lang);
      await expect(page.locator('h1')).toHaveText(category.title);
      await expect(page.locator('main article h2 a').first()).toHaveText(inCategory.result[0].title);

      const withDept = inCategory.result.find((a: any) => a.department);
      const byDept = await api(`/activity/category/${withDept.department.slug}/${category.slug}?limit=12`, lang);
      await checkPage(page, inLang(`/activities/${withDept.department.slug}/${category.slug}/`, lang), lang);
      await expect(page.locator('main article h2 a')).toHaveCount(Math.min(12, byDept.total));
      await expect(page.locator('main article h2 a').first()).toHaveText(byDept.result[0].title);
    });

    test("detail: dates start–end in the page's calendar, location, attachments", async ({ page }) => {
      const list = await api('/activity/category/all?limit=40', lang);
      const summary = list.result.find(
        (a: any) => a.end_date && a.end_date.slice(0, 10) !== a.start_date.slice(0, 10) && a.location,
      );
      expect(summary, 'a seed activity lasting several days').toBeTruthy();
      const detail = (await api(`/activity/page/${summary.id}`, lang)).data;
      await checkPage(page, inLang(`/activity/${detail.id}/`, lang), lang);
      await expect(page.locator('h1')).toHaveText(detail.title);
      const header = page.locator('main header');
      const times = header.locator('time');
      await expect(times).toHaveCount(2);
      const start = new Date(detail.start_date).getFullYear();
      const end = new Date(detail.end_date).getFullYear();
      await expect(times.first()).toContainText(String(lang === 'th' ? start + 543 : start));
      await expect(times.last()).toContainText(String(lang === 'th' ? end + 543 : end));
      await expect(header).toContainText(detail.location);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
      if (detail.attachments.length > 0) {
        await expect(page.locator('section[aria-labelledby="attachments-title"]')).toContainText(
          detail.attachments[0].name,
        );
      }
      if (detail.related.length > 0) {
        await expect(page.locator('section[aria-labelledby="related-title"] article').first()).toContainText(
          detail.related[0].title,
        );
      }
    });

    test('reads without JavaScript', async ({ browser }) => {
      const list = await api('/activity/category/all?limit=1', lang);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await checkReadsWithoutJs(page, inLang('/activities/', lang), list.result[0].title);
      await checkReadsWithoutJs(page, inLang(`/activity/${list.result[0].id}/`, lang), list.result[0].location);
      await context.close();
    });
  });
}
