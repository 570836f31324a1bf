/**
 * Structured data for search engines: GovernmentOrganization on home, NewsArticle on
 * an article, Event on an activity, FAQPage on the FAQ, BreadcrumbList wherever breadcrumbs
 * show, each checked against its schema.org type (support/json-ld.ts) and against what the page
 * shows, in both languages. The data blocks are not scripts: the strict Content Security
 * Policy is unchanged and the CSP guard (support/test.ts) sees no violation.
 */
import { expect, test } from './support/test';
import { inLang } from './support/api';
import { checkedJsonLd } from './support/json-ld';
import { firstDetailPath } from './support/detail-paths';

test.describe.configure({ timeout: 90_000 });

for (const lang of ['th', 'en'] as const) {
  test.describe(`structured data in ${lang}`, () => {
    test('home: the agency as a GovernmentOrganization in the page language, no breadcrumbs', async ({ page }) => {
      await page.goto(inLang('/', lang));
      const data = await checkedJsonLd(page);
      const [org] = data.get('GovernmentOrganization') ?? [];
      // The site's own address (SITE_URL), as the canonical link names it.
      expect(org?.url).toBe(await page.locator('link[rel="canonical"]').getAttribute('href'));
      expect(org?.name).toBe(await page.locator('h1').innerText());
      expect(data.has('BreadcrumbList')).toBe(false);
    });

    test('article: a NewsArticle whose headline is the page title, and its breadcrumbs', async ({ page }) => {
      await page.goto(await firstDetailPath(page, 'article', lang));
      const data = await checkedJsonLd(page);
      const [article] = data.get('NewsArticle') ?? [];
      expect(article?.headline).toBe(await page.locator('h1').innerText());
      expect(article?.inLanguage).toBe(lang);
      expect(article?.url).toBe(await page.locator('link[rel="canonical"]').getAttribute('href'));
      const crumbs = (data.get('BreadcrumbList') ?? [])[0]?.itemListElement as { name: string }[];
      const shown = await page.locator('nav[aria-label] ol li').allInnerTexts();
      expect(crumbs.map((c) => c.name)).toEqual(shown.map((s) => s.replace(/^›\s*/, '').trim()));
    });

    test('activity: an Event with its days and place', async ({ page }) => {
      await page.goto(await firstDetailPath(page, 'activity', lang));
      const data = await checkedJsonLd(page);
      const [event] = data.get('Event') ?? [];
      expect(event?.name).toBe(await page.locator('h1').innerText());
      expect(data.get('BreadcrumbList')).toHaveLength(1);
    });

    test('calendar: an Event for each upcoming event the page lists', async ({ page }) => {
      await page.goto(inLang('/calendar/', lang));
      const data = await checkedJsonLd(page);
      const upcoming = (await page.locator('#calendar-upcoming + ul > li p.font-semibold').allTextContents()).map((s) =>
        s.trim(),
      );
      expect(upcoming.length).toBeGreaterThan(0);
      expect((data.get('Event') ?? []).map((e) => e.name)).toEqual(upcoming);
    });

    test('FAQ: a FAQPage with every question of the page', async ({ page }) => {
      await page.goto(inLang('/faq/', lang));
      const data = await checkedJsonLd(page);
      const [faq] = data.get('FAQPage') ?? [];
      const questions = await page.locator('main details summary').count();
      expect(faq?.mainEntity).toHaveLength(questions);
      expect(data.get('BreadcrumbList')).toHaveLength(1);
    });

    test('list pages with breadcrumbs have a BreadcrumbList; the CSP stays strict', async ({ page }) => {
      for (const path of ['/laws/', '/procurement/', '/accessibility/']) {
        await page.goto(inLang(path, lang));
        const data = await checkedJsonLd(page);
        expect(data.get('BreadcrumbList'), path).toHaveLength(1);
        const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
        expect(csp).not.toContain('unsafe-inline');
      }
    });
  });
}
