/**
 * Consent and visitor statistics, both languages: after "Decline" the next three page views send
 * no tracking call and a banner click sends no statistic; after "Accept" every view is tracked
 * (the page being read at once). The notice links to the privacy policy page. Axe on the notice.
 */
import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations, prefix } from './support/page-checks';
import { recordTracking } from './support/tracking';

test.describe.configure({ timeout: 90_000 });

const VIEWS = ['/news/', '/articles/', '/manuals/'];
// Not home: its popup covers the notice.
const FIRST = '/faq/';

async function answer(page: Page, choice: 'accepted' | 'declined'): Promise<void> {
  const region = page.locator('[data-consent]');
  await expect(region).toBeVisible();
  await region.locator(`[data-consent-choice="${choice}"]`).click();
  await expect(region).toBeHidden();
}

for (const lang of ['th', 'en'] as const) {
  test(`${lang}: declining stops the tracking calls and banner statistics; accepting sends them`, async ({ page }) => {
    const calls = await recordTracking(page);
    const statistics: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/banner/statistic/')) statistics.push(r.url());
    });

    await page.goto(`${prefix(lang)}${FIRST}`);
    const region = page.locator('[data-consent]');
    await expect(region).toBeVisible();
    const policy = region.getByRole('link', { name: lang === 'th' ? 'นโยบายความเป็นส่วนตัว' : 'Privacy policy' });
    await expect(policy).toHaveAttribute('href', `${prefix(lang)}/common-article/1/`);
    await expectNoAxeViolations(page);
    await expect.poll(() => calls.length).toBe(1); // before an answer the view is counted (no identifier is sent)

    await answer(page, 'declined');
    for (const path of VIEWS) {
      await page.goto(`${prefix(lang)}${path}`);
      await expect(page.locator('main#main')).toBeVisible();
    }
    // An island moving the address is a view too: still nothing.
    await page.evaluate(() => history.pushState({}, '', `${location.pathname}?view=2`));
    await page.goto(`${prefix(lang)}/`);
    const banner = page.locator('a[data-banner-uuid]').first();
    await banner.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await banner.dispatchEvent('click');
    await page.waitForTimeout(500);
    expect(calls, 'tracking calls after declining').toHaveLength(1);
    expect(statistics, 'banner statistics after declining').toEqual([]);

    // Accepting (a new version of the notice asks again) counts the page at once, and every view after.
    await page.goto(`${prefix(lang)}${FIRST}`);
    await page.evaluate(() =>
      localStorage.setItem('consent', JSON.stringify({ version: 'old', choice: 'declined', at: '' })),
    );
    await page.reload();
    await page.waitForTimeout(300);
    expect(calls).toHaveLength(1);
    await answer(page, 'accepted');
    await expect.poll(() => calls.length).toBe(2);
    for (const [i, path] of VIEWS.entries()) {
      await page.goto(`${prefix(lang)}${path}`);
      await expect.poll(() => calls.length).toBe(3 + i);
      expect(calls.at(-1)!.body).toEqual({ url: page.url() });
    }
  });
}
