/**
 * Articles: /articles/ with pagination, category and department lists, article
 * detail with dates, attachments and related items, in Thai and English, and the hostile
 * seed article rendered harmless.
 */
import { expect as baseExpect, test } from './support/test';
import { checkPage, checkReadsWithoutJs } from './support/page-checks';
import { api, inLang } from './support/api';

const LANGS = ['th', 'en'] as const;
// Each test visits several pages through axe; a loaded 2-core machine needs more than the default 30 s.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
/** Slug of the seed article whose body carries <script>, onerror= and javascript: (scripts/content-api/seed/articles.ts). */
const HOSTILE_SLUG = 'warning-fake-websites-impersonating-the-department';

for (const lang of LANGS) {
  test.describe(`articles in ${lang}`, () => {
    test("list: page 1 and page 2 show the API's articles in order, with numbered pagination", async ({ page }) => {
      const list = await api('/content/category/all?page=1&limit=24', lang);
      expect(list.total).toBeGreaterThan(12);
      await checkPage(page, inLang('/articles/', lang), lang);
      const titles = page.locator('main article h2 a');
      await expect(titles).toHaveCount(12);
      await expect(titles.first()).toHaveText(list.result[0].title);
      await expect(page.locator('main nav a[aria-current="page"]').last()).toHaveText('1');

      await page.locator('main nav a[rel="next"]').click();
      await expect(page).toHaveURL(new RegExp(`${inLang('/articles/page/2/', lang)}$`));
      await expect(titles.first()).toHaveText(list.result[12].title);
      await expect(page.locator('main')).not.toContainText(list.result[0].title);
      await checkPage(page, inLang('/articles/page/2/', lang), lang);
    });

    test('category and department lists hold only their articles', async ({ page, request }) => {
      const categories = (await api('/content/dropdown/category', lang)).data;
      const category = categories.find((c: any) => c.count > 0);
      const inCategory = await api(`/content/category/${category.slug}?limit=12`, lang);
      await checkPage(page, inLang(`/articles/category/${category.slug}/`, lang), lang);
      await expect(page.locator('h1')).toHaveText(category.title);
      await expect(page.locator('main article h2 a')).toHaveCount(Math.min(12, inCategory.total));
      await expect(page.locator('main article h2 a').first()).toHaveText(inCategory.result[0].title);
      // Every category the API returns has a page, even one with no articles.
      for (const c of categories) {
        const res = await request.get(inLang(`/articles/category/${c.slug}/`, lang));
        expect(res.status(), c.slug).toBe(200);
      }

      const article = inCategory.result.find((a: any) => a.department);
      const byDepartment = await api(`/content/category/${article.department.slug}/${category.slug}?limit=12`, lang);
      await checkPage(page, inLang(`/articles/${article.department.slug}/${category.slug}/`, lang), lang);
      await expect(page.locator('main article h2 a').first()).toHaveText(byDepartment.result[0].title);
      await expect(page.locator('main article h2 a')).toHaveCount(Math.min(12, byDepartment.total));
    });

    test("detail: title, date in the page's calendar, attachments with type and size, related articles", async ({
      page,
    }) => {
      const list = await api('/content/category/all?limit=30', lang);
      let detail: any;
      for (const a of list.result) {
        const d = (await api(`/content/page/${a.slug}`, lang)).data;
        if (d.attachments.length > 0 && d.related.length > 0) {
          detail = d;
          break;
        }
      }
      expect(detail, 'a seed article with attachments and related items').toBeTruthy();
      await checkPage(page, inLang(`/article/${detail.slug}/`, lang), lang);
      await expect(page.locator('h1')).toHaveText(detail.title);
      const year = new Date(detail.published_at).getFullYear();
      // Thai dates are in the Buddhist era (2026 → 2569), English ones in the Gregorian year.
      const shownYear = lang === 'th' ? year + 543 : year;
      await expect(page.locator('main header time').first()).toContainText(String(shownYear));
      if (lang === 'th') await expect(page.locator('main header time').first()).not.toContainText(String(year));
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', detail.title);
      await expect(page.locator('main nav[aria-label] ol li').nth(1)).toBeVisible(); // breadcrumbs beyond Home

      const attachment = page.locator('section[aria-labelledby="attachments-title"] li').first();
      await expect(attachment).toContainText(detail.attachments[0].name);
      await expect(attachment).toContainText(/(PDF|DOCX?|XLSX?|ZIP|PNG|JPEG|SVG|TXT|CSV)/);
      await expect(attachment).toContainText(lang === 'th' ? /(ไบต์|KB|MB|กิโลไบต์|เมกะไบต์)/ : /(bytes|KB|MB)/);
      const related = page.locator('section[aria-labelledby="related-title"] article');
      await expect(related).toHaveCount(detail.related.length);
      await expect(related.first()).toContainText(detail.related[0].title);
    });

    test('the about page that only menus link to is built', async ({ page }) => {
      await checkPage(page, inLang('/article/a/', lang), lang);
    });

    test('list and detail read without JavaScript', async ({ browser }) => {
      const list = await api('/content/category/all?limit=1', lang);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await checkReadsWithoutJs(page, inLang('/articles/', lang), list.result[0].title);
      await checkReadsWithoutJs(page, inLang(`/article/${list.result[0].slug}/`, lang), list.result[0].title);
      await context.close();
    });
  });
}

test('the hostile seed article is neutralised: no script, no handler, no javascript: link', async ({
  page,
  request,
}) => {
  const path = `/article/${HOSTILE_SLUG}/`;
  const html = await (await request.get(path)).text();
  const mainOf = (page: string) => page.slice(page.indexOf('<main'), page.indexOf('</main>'));
  const main = mainOf(html);
  // The page's own scripts (the share panel's module, the JSON-LD data blocks) are allowed; the
  // article's body adds none: every script in <main> but the data blocks is one a benign article
  // page carries too, and every data block is JSON.
  const scripts = (part: string) => [...part.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  const isDataBlock = (m: RegExpExecArray) => /type="application\/ld\+json"/.test(m[1]);
  const all = scripts(main);
  for (const block of all.filter(isDataBlock)) expect(() => JSON.parse(block[2])).not.toThrow();
  const others = all.filter((m) => !isDataBlock(m));
  const benignSlug = (await api('/content/category/all?page=1&limit=24', 'th')).result.find(
    (a: { slug: string }) => a.slug !== HOSTILE_SLUG,
  ).slug;
  const benignMain = mainOf(await (await request.get(`/article/${benignSlug}/`)).text());
  for (const script of others) expect(benignMain).toContain(script[0]);
  expect(main.replace(/<script\b[\s\S]*?<\/script>/gi, '')).not.toMatch(/<script/i);
  expect(main).not.toMatch(/onerror\s*=/i);
  expect(main).not.toMatch(/javascript:/i);
  expect(main).not.toContain('evil.example');
  expect(html).not.toMatch(/on(error|load|click)\s*=\s*["']?alert/i);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const evilRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('evil.example')) evilRequests.push(r.url());
  });
  await checkPage(page, path, 'th');
  // The safe parts of the body survive: the warning text and its link text.
  await expect(page.locator('main .cms-content')).toContainText('ลิงก์รับเงินคืนภาษี');
  await page
    .locator('main .cms-content a', { hasText: 'ลิงก์รับเงินคืนภาษี' })
    .click()
    .catch(() => {});
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
  expect(evilRequests).toEqual([]);
  expect(await page.title()).not.toBe('hacked');
  const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
});
