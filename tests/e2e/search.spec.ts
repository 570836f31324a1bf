/**
 * Site search island (`/search/?q=`): a Thai word found inside unspaced Thai text and
 * highlighted, the query in the address (share, reload, Back), type filter and pages, its
 * own messages for an empty query, no results and an API failure (with a working retry),
 * keyboard only, and no axe violations with results on screen. Both languages.
 */
import { expect, test, type Locator, type Page } from './support/test';
import thSearch from '../../locales/th/search.json' with { type: 'json' };
import enSearch from '../../locales/en/search.json' with { type: 'json' };
import thCommon from '../../locales/th/common.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import { checkPage, checkReadsWithoutJs, expectNoAxeViolations, watchConsole } from './support/page-checks';
import { API_URL } from './support/api';

test.describe.configure({ timeout: 90_000 });

const TEXT = { th: thSearch, en: enSearch } as const;
const COMMON = { th: thCommon, en: enCommon } as const;
const PAGE = { th: '/search/', en: '/en/search/' } as const;
/** In the Thai seed data "ส่งออก" only ever appears inside longer unspaced words (การส่งออกสินค้าไทย). */
const WORD = { th: 'ส่งออก', en: 'export' } as const;

interface ApiSearch {
  total: number;
  results: Array<{ type: string; title: string }>;
  categories: Array<{ cate: string; count: number }>;
}

async function apiSearch(lang: 'th' | 'en', keyword: string, extra = ''): Promise<ApiSearch> {
  const res = await fetch(`${API_URL}/api/frontend/search?keyword=${encodeURIComponent(keyword)}${extra}`, {
    headers: { 'Accept-Language': lang },
  });
  return (await res.json()) as ApiSearch;
}

/** The search page's own box (the header has one with the same label). */
const pageBox = (page: Page) => page.locator('#search-page-q');
const status = (page: Page) => page.locator('[data-search-status]');
const hits = (page: Page) => page.locator('#search-results-heading ~ ol > li');
const firstTitle = (page: Page) => hits(page).first().locator('h3');

/** Keyboard only: the skip link (first Tab), Enter into the main content, then Tab until `target` has focus. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(page.locator('a.skip-link')).toBeFocused();
  await page.keyboard.press('Enter');
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

for (const lang of ['th', 'en'] as const) {
  const t = TEXT[lang];

  test(`search ${lang}: the page passes the common checks and says what to do without JavaScript`, async ({
    page,
    browser,
  }) => {
    await checkPage(page, PAGE[lang], lang);
    await expect(status(page)).toHaveText(t.enterKeyword);
    await expect(page.locator('#search-needs-js')).toBeHidden();
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await checkReadsWithoutJs(plain, PAGE[lang], t.needsJs.slice(0, 20));
    await expect(plain.locator('main a[href$="/sitemap/"]')).toHaveText(t.sitemapLink);
    await noJs.close();
  });

  test(`search ${lang}: a word inside unspaced text is found and marked; the address can be shared; Back restores`, async ({
    page,
    context,
  }) => {
    const console = watchConsole(page);
    const expected = await apiSearch(lang, WORD[lang]);
    expect(expected.total).toBeGreaterThan(10); // the journey needs a second page

    await page.goto(PAGE[lang]);
    await pageBox(page).fill(WORD[lang]);
    await pageBox(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(WORD[lang])}$`, 'i'));
    await expect(status(page)).toHaveText(t.resultCount.replace('{{count}}', String(expected.total)));
    await expect(hits(page)).toHaveCount(10);
    await expect(firstTitle(page)).toHaveText(expected.results[0]!.title);

    // Every hit marks the word; in Thai it sits inside a longer word, with Thai letters on both sides.
    const mark = page.locator('main mark').first();
    await expect(mark).toHaveText(new RegExp(`^${WORD[lang]}$`, 'i'));
    if (lang === 'th') {
      const around = await mark.evaluate((m) => [
        m.previousSibling?.textContent?.slice(-1) ?? '',
        m.nextSibling?.textContent?.[0] ?? '',
      ]);
      expect(around[0]).toMatch(/[\u0E01-\u0E4E]/);
      expect(around[1]).toMatch(/[\u0E01-\u0E4E]/);
    }
    await expectNoAxeViolations(page);

    // Page 2 shows other hits and goes into the address.
    const pageOneTitle = await firstTitle(page).innerText();
    await page
      .getByRole('navigation', { name: COMMON[lang].pagination.label })
      .getByRole('link', { name: COMMON[lang].pagination.next })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('#search-results-heading')).toBeFocused();
    await expect(firstTitle(page)).not.toHaveText(pageOneTitle);
    await expect(hits(page)).toHaveCount(expected.total - 10);

    // A type: only hits of that type, with the count the API gives.
    const article = expected.categories.find((c) => c.cate === 'article')!;
    const filter = page.getByRole('navigation', { name: t.filterLabel });
    await filter.getByRole('link', { name: `${t.categories.article} (${article.count})` }).click();
    await expect(page).toHaveURL(/cate=article/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(hits(page)).toHaveCount(article.count);
    for (const label of await hits(page).locator('p:first-child').allInnerTexts())
      expect(label).toContain(t.categories.article);
    await expect(filter.getByRole('link', { name: new RegExp(t.categories.article) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const articleTitles = await hits(page).locator('h3').allInnerTexts();

    // Shared: reload, and the same address in a new tab, show the same hits.
    await page.reload();
    await expect(hits(page).locator('h3')).toHaveText(articleTitles);
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(hits(other).locator('h3')).toHaveText(articleTitles);
    await expect(pageBox(other)).toHaveValue(WORD[lang]);
    await other.close();

    // Back: the previous search (page 2 of every type) returns.
    await page.goBack();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).not.toHaveURL(/cate=/);
    await expect(hits(page)).toHaveCount(expected.total - 10);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);
    await expect(firstTitle(page)).toHaveText(pageOneTitle);
    expect(console.errors).toEqual([]);
  });

  test(`search ${lang}: the header form leads here; empty and no-result searches have their own messages`, async ({
    page,
  }) => {
    await page.addInitScript(() => sessionStorage.setItem('popup:dismissed', '1')); // the home popup would cover the header
    await page.goto(lang === 'th' ? '/' : '/en/');
    await page.locator('#site-search-q').fill('zzqqxxnothing');
    await page.locator('#site-search-q').press('Enter');
    await expect(page).toHaveURL(new RegExp(`${PAGE[lang]}\\?q=zzqqxxnothing$`));
    await expect(status(page)).toHaveText(t.noResults.replace('{{query}}', 'zzqqxxnothing'));
    await expect(page.locator('#site-search-q')).toHaveValue('zzqqxxnothing');
    await pageBox(page).fill('   ');
    await pageBox(page).press('Enter');
    await expect(status(page)).toHaveText(t.enterKeyword);
  });

  test(`search ${lang}: an API failure shows its message, and retry works`, async ({ page }) => {
    let fail = true;
    await page.route('**/api/frontend/search?**', (route) =>
      fail
        ? route.fulfill({ status: 500, body: 'down', headers: { 'access-control-allow-origin': '*' } })
        : route.continue(),
    );
    await page.goto(`${PAGE[lang]}?q=${encodeURIComponent(WORD[lang])}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(t.failed);
    await expect(hits(page)).toHaveCount(0);
    fail = false;
    await alert.getByRole('button', { name: COMMON[lang].errors.retry }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(hits(page)).toHaveCount(10);
  });

  test(`search ${lang}: keyboard only`, async ({ page }) => {
    await page.goto(PAGE[lang]);
    const box = page.locator('#search-page-q');
    await tabTo(page, box);
    await page.keyboard.type(WORD[lang]);
    await page.keyboard.press('Enter');
    await expect(hits(page)).toHaveCount(10);
    // Tab on to the first type link after "All", open it with Enter: focus lands on the results heading.
    const link = page.getByRole('navigation', { name: t.filterLabel }).getByRole('link').nth(1);
    for (let i = 0; i < 10 && !(await link.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(link).toBeFocused(); // straight after the box and its button
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/cate=/);
    await expect(page.locator('#search-results-heading')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: t.filterLabel }).getByRole('link').first()).toBeFocused();
  });
}
