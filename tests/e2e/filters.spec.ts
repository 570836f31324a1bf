/**
 * Live list filters, both languages, on the laws list: filter by category and
 * keyword, the static list is replaced and the count announced, the URL carries the filter and
 * opens the same results in a new page, clearing brings the static list back. Also the
 * province region filter, and that the static list stands alone without JavaScript.
 *
 * The filter form is rendered on the server (a GET form) and the island hydrates on the first
 * interaction with it (client:interaction): loading a list starts no React; what the visitor
 * types before React arrives is kept, and a submit before it arrives opens the filtered address.
 */
import { expect as baseExpect, test } from './support/test';
import { checkPage, expectNoAxeViolations } from './support/page-checks';
import { api, langPrefix as prefix } from './support/api';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const L = {
  th: { keyword: 'คำค้น', category: 'หมวดหมู่', region: 'ภูมิภาค', found: /พบ \d+ รายการ/, reset: 'ล้างตัวกรอง' },
  en: { keyword: 'Keyword', category: 'Category', region: 'Region', found: /\d+ items found/, reset: 'Clear filters' },
};

for (const lang of ['th', 'en'] as const) {
  test(`laws in ${lang}: category + keyword filter, shared URL, clear`, async ({ page, context }) => {
    const categories = await api<{ result: { id: number }[] }>('/law/categories?page=1&page_size=500', lang);
    const cat = String(categories.result[0]!.id);
    const laws = await api<{ result: { title: string }[]; total: number }>(
      `/law?law_categories_id=${cat}&page_size=1`,
      lang,
    );
    const title = laws.result[0]!.title;
    const keyword = title.slice(0, 8).trim();
    const matching = await api<{ total: number }>(
      `/law?law_categories_id=${cat}&keyword=${encodeURIComponent(keyword)}&page_size=1`,
      lang,
    );

    await checkPage(page, `${prefix(lang)}/laws/`, lang);
    const staticList = page.locator('[data-filterable-static]');
    await expect(staticList).toBeVisible();

    const lawRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/frontend/law?')) lawRequests.push(r.url());
    });
    await page.getByLabel(L[lang].category, { exact: true }).selectOption(cat);
    await expect(staticList).toBeHidden();
    await expect(page.locator('[data-filter-status]')).toHaveText(L[lang].found);
    await page.getByLabel(L[lang].keyword, { exact: true }).fill(keyword);
    await expect(page).toHaveURL(new RegExp(`[?&]q=`));
    await expect(page.locator('[data-filter-status]')).toContainText(String(matching.total));
    await expect(page.locator('[data-filter-results]')).toContainText(title);
    expect(lawRequests.some((u) => u.includes(`law_categories_id=${cat}`) && u.includes('keyword='))).toBe(true);
    const url = new URL(page.url());
    expect(url.searchParams.get('cat')).toBe(cat);
    expect(url.searchParams.get('q')).toBe(keyword);
    await expectNoAxeViolations(page);

    // The shared URL opens with the same filter and results.
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(other.getByLabel(L[lang].category, { exact: true })).toHaveValue(cat);
    await expect(other.getByLabel(L[lang].keyword, { exact: true })).toHaveValue(keyword);
    await expect(other.locator('[data-filter-results]')).toContainText(title);
    await expect(other.locator('[data-filterable-static]')).toBeHidden();
    await other.close();

    // Clearing brings the static list back and the address loses the filter.
    await page.getByRole('button', { name: L[lang].reset }).click();
    await expect(staticList).toBeVisible();
    await expect(page.locator('[data-filter-results]')).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');
  });

  test(`provinces in ${lang}: region filter replaces the static list`, async ({ page }) => {
    const data = await api<{
      data: { province: string; region: { id: string } }[];
      regions: { id: string; title: string }[];
    }>('/contact/province', lang);
    const region = data.regions[0]!;
    const inRegion = data.data.filter((p) => p.region.id === region.id);
    await page.goto(`${prefix(lang)}/contact/province/`);
    await page.getByLabel(L[lang].region, { exact: true }).selectOption(region.id);
    await expect(page.locator('[data-filterable-static]')).toBeHidden();
    await expect(page.locator('[data-filter-status]')).toContainText(String(inRegion.length));
    await expect(page.locator('[data-filter-results]')).toContainText(inRegion[0]!.province);
    await expect(page).toHaveURL(new RegExp(`region=${region.id}`));
    await expectNoAxeViolations(page);
  });
}

test('without JavaScript the laws list is there and the filter form, which could not filter, is hidden', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/laws/');
  await expect(page.locator('[data-filterable-static]')).toBeVisible();
  await expect(page.locator('main article[id^="law-"]')).toHaveCount(12);
  // In the HTML (it is what the island hydrates) but not shown.
  await expect(page.locator('[data-filterable] form[role="search"]')).toHaveCount(1);
  await expect(page.locator('[data-filterable] form[role="search"]')).toBeHidden();
  await context.close();
});

/** React's renderer and the filter island's code. */
const ISLAND_CODE = /\/_astro\/(ListFilterIsland|client)\.[^/]*\.js$/;

/** Holds the filter island's code on its first request until `release()`. */
async function holdIslandCode(page: import('@playwright/test').Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route(/\/_astro\/ListFilterIsland\.[^/]*\.js$/, async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue().catch(() => {}); // the page may have navigated away meanwhile
  });
  return release;
}

for (const lang of ['th', 'en'] as const) {
  test(`laws in ${lang}: the form is there from the first paint, React loads only when it is used`, async ({
    page,
  }) => {
    const laws = await api<{ result: { title: string }[] }>('/law?page_size=1', lang);
    const keyword = laws.result[0]!.title.slice(0, 8).trim();
    const requests: string[] = [];
    page.on('request', (r) => {
      if (ISLAND_CODE.test(r.url())) requests.push(r.url());
    });
    await page.goto(`${prefix(lang)}/laws/`, { waitUntil: 'load' });
    const input = page.getByLabel(L[lang].keyword, { exact: true });
    await expect(input).toBeVisible();
    await expect(page.getByLabel(L[lang].category, { exact: true })).toBeVisible();
    await page.waitForTimeout(1000);
    expect(requests).toEqual([]);

    // Typed while React is still on its way: kept, and applied once it arrives.
    const release = await holdIslandCode(page);
    await input.fill(keyword);
    await expect.poll(() => requests.length).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    release();
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === keyword);
    await expect(page.locator('[data-filter-results]')).toContainText(laws.result[0]!.title);
    await expect(page.locator('[data-filterable-static]')).toBeHidden();
    await expect(input).toHaveValue(keyword);
  });

  test(`laws in ${lang}: submitted before React arrives, the GET form opens the filtered page`, async ({ page }) => {
    const laws = await api<{ result: { title: string }[] }>('/law?page_size=1', lang);
    const keyword = laws.result[0]!.title.slice(0, 8).trim();
    const release = await holdIslandCode(page);
    await page.goto(`${prefix(lang)}/laws/`);
    const input = page.getByLabel(L[lang].keyword, { exact: true });
    await input.fill(keyword);
    await input.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === `${prefix(lang)}/laws/` && url.searchParams.get('q') === keyword,
    );
    release();
    await expect(page.locator('[data-filter-results]')).toContainText(laws.result[0]!.title);
    await expect(page.locator('[data-filterable-static]')).toBeHidden();
    await expect(page.getByLabel(L[lang].keyword, { exact: true })).toHaveValue(keyword);
  });
}
