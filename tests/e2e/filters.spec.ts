/**
 * Live list filters (issue 5), both languages, on the laws list: filter by category and
 * keyword, the static list is replaced and the count announced, the URL carries the filter and
 * opens the same results in a new page, clearing brings the static list back. Also the
 * province region filter, and that the static list stands alone without JavaScript.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { checkPage, expectNoAxeViolations, type Lang } from './support/page-checks';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const API = process.env.E2E_API_URL ?? 'http://127.0.0.1:18787';
const prefix = (lang: Lang) => (lang === 'en' ? '/en' : '');
const L = {
  th: { keyword: 'คำค้น', category: 'หมวดหมู่', region: 'ภูมิภาค', found: /พบ \d+ รายการ/, reset: 'ล้างตัวกรอง' },
  en: { keyword: 'Keyword', category: 'Category', region: 'Region', found: /\d+ items found/, reset: 'Clear filters' },
};

async function api<T>(path: string, lang: Lang): Promise<T> {
  const res = await fetch(`${API}/api/frontend${path}`, { headers: { 'Accept-Language': lang } });
  return (await res.json()) as T;
}

for (const lang of ['th', 'en'] as const) {
  test(`laws in ${lang}: category + keyword filter, shared URL, clear`, async ({ page, context }) => {
    const categories = await api<{ result: { id: number }[] }>('/law/categories?page=1&page_size=500', lang);
    const cat = String(categories.result[0]!.id);
    const laws = await api<{ result: { title: string }[]; total: number }>(`/law?law_categories_id=${cat}&page_size=1`, lang);
    const title = laws.result[0]!.title;
    const keyword = title.slice(0, 8).trim();
    const matching = await api<{ total: number }>(`/law?law_categories_id=${cat}&keyword=${encodeURIComponent(keyword)}&page_size=1`, lang);

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
    const data = await api<{ data: { province: string; region: { id: string } }[]; regions: { id: string; title: string }[] }>('/contact/province', lang);
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

test('without JavaScript the laws list is there and no filter form is shown', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/laws/');
  await expect(page.locator('[data-filterable-static]')).toBeVisible();
  await expect(page.locator('[data-filterable] form[role="search"]')).toHaveCount(0);
  await context.close();
});
