/**
 * The small counters: the home visitors counter shows the API's numbers in the
 * page's language; opening a law counts one view in the API (once per page view); an
 * e-magazine page counts a view; a banner click sends its statistic without holding up the
 * navigation. Both languages.
 */
import { expect, test } from './support/test';
import { expectNoAxeViolations, watchConsole } from './support/page-checks';
import { api } from './support/api';

test.describe.configure({ timeout: 90_000 });

const HOME = { th: '/', en: '/en/' } as const;
const LAWS = { th: '/laws/', en: '/en/laws/' } as const;

async function lawViews(id: string): Promise<number> {
  const { result } = await api<{ result: Array<{ id: number; views: number }> }>('/law?page_size=500');
  return result.find((l) => String(l.id) === id)!.views;
}

for (const lang of ['th', 'en'] as const) {
  test(`counters ${lang}: the visitors counter shows the API's numbers, refreshed live`, async ({ page }) => {
    const console = watchConsole(page);
    await page.addInitScript(() => sessionStorage.setItem('popup:dismissed', '1'));
    await page.goto(HOME[lang]);
    const block = page.locator('[data-visitors-counter]');
    await block.scrollIntoViewIfNeeded();
    await expect(block).toHaveAttribute('data-visitors-live', 'true');
    const { data } = await api<{ data: { total: number; today: number } }>('/tracking/visitors', lang);
    const total = Number((await block.locator('[data-visitors-total]').innerText()).replace(/\D/g, ''));
    // Other tests count page views at the same time: the number shown is the API's, give or take them.
    expect(total).toBeGreaterThan(1_000_000);
    expect(Math.abs(total - data.total)).toBeLessThan(200);
    await expect(block.locator('[data-visitors-total]')).toHaveText(/^\d{1,3}(,\d{3})+$/);
    await expect(page.getByRole('group', { name: lang === 'th' ? 'สถิติผู้เข้าชม' : /visitor/i })).toBeVisible();
    await expectNoAxeViolations(page, '[data-visitors-counter]');
    expect(console.errors).toEqual([]);
  });

  test(`counters ${lang}: opening a law counts one view in the API, once per page view`, async ({ page }) => {
    await page.goto(LAWS[lang]);
    const details = page.locator('details[data-law-id]').first();
    const id = (await details.getAttribute('data-law-id'))!;
    const before = await lawViews(id);
    const counted = page.waitForResponse((r) => r.url().includes(`/law/${id}/view`) && r.request().method() === 'PUT');
    await details.locator('summary').click();
    await counted;
    await expect.poll(() => lawViews(id)).toBe(before + 1);
    // Closing and opening again in the same page view does not count again.
    await details.locator('summary').click();
    await details.locator('summary').click();
    await page.waitForTimeout(500);
    expect(await lawViews(id)).toBe(before + 1);
  });

  test(`counters ${lang}: an e-magazine page counts a view`, async ({ page }) => {
    await page.goto(lang === 'th' ? '/e-magazine/' : '/en/e-magazine/');
    const first = page
      .locator('main a[href*="/e-magazine/"]:not([href$="/e-magazine/"]):not([href*="/page/"])')
      .first();
    const href = (await first.getAttribute('href'))!;
    const request = page.waitForRequest((r) => r.url().includes('/book/update-view/') && r.method() === 'GET');
    await page.goto(href);
    const url = (await request).url();
    expect(url).toMatch(/\/book\/update-view\/[^/]+$/);
  });

  test(`counters ${lang}: a banner click posts its statistic`, async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('popup:dismissed', '1'));
    await page.goto(HOME[lang]);
    const banner = page.locator('a[data-banner-uuid]').first();
    const uuid = (await banner.getAttribute('data-banner-uuid'))!;
    const posted = page.waitForRequest((r) => r.url().endsWith(`/banner/statistic/${uuid}`) && r.method() === 'POST');
    await banner.scrollIntoViewIfNeeded();
    await banner.click();
    expect((await posted).method()).toBe('POST');
  });
}
