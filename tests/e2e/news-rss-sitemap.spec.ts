/**
 * The news page with its tabs, the RSS feeds and the sitemaps, both languages.
 */
import { expect as baseExpect, test } from './support/test';
import { checkPage, checkReadsWithoutJs } from './support/page-checks';
import { api, inLang } from './support/api';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const LANGS = ['th', 'en'] as const;
const FEEDS = ['/common/public-news', '/common/public-news/moc', '/common/activity', '/common/activity/moc'];
/** Text of every <tag>…</tag> in an XML document. */
const tagTexts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);

for (const lang of LANGS) {
  test(`news page in ${lang}: four tabs from the /common feeds, keyboard tabs, reads without JS`, async ({
    page,
    browser,
    request,
  }) => {
    const feeds = await Promise.all(FEEDS.map((f) => api(f, lang)));
    await checkPage(page, inLang('/news/', lang), lang);
    const tabs = page.locator('main [role="tab"]');
    await expect(tabs).toHaveCount(4);
    const panels = page.locator('main [role="tabpanel"]');
    await expect(panels.first()).toContainText(feeds[0].data[0].title);
    await tabs.first().focus();
    await page.keyboard.press('ArrowLeft'); // wraps round to the last tab
    await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
    await expect(panels.nth(3)).toBeVisible();
    await expect(panels.nth(3)).toContainText(feeds[3].data[0].title);
    await expect(panels.first()).toBeHidden();
    // A ministry activity links to its activity page, which exists.
    const href = await panels.nth(3).locator('article h3 a').first().getAttribute('href');
    expect(href).toBe(inLang(`/activity/${feeds[3].data[0].id}/`, lang));
    expect((await request.get(href!)).status()).toBe(200);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await checkReadsWithoutJs(noJs, inLang('/news/', lang), feeds[0].data[0].title);
    for (const feed of feeds) await expect(noJs.locator('main')).toContainText(feed.data[0].title);
    await context.close();
  });

  test(`RSS feed in ${lang}: valid RSS 2.0 of /content/rss with absolute links to built pages`, async ({ request }) => {
    const res = await request.get(lang === 'th' ? '/rss.xml' : '/en/rss.xml');
    expect(res.status()).toBe(200);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toMatch(/<rss version="2.0"[^>]*>\s*<channel>/);
    expect(xml).toContain(`<language>${lang}</language>`);
    const rss = (await api('/content/rss', lang)).data;
    const escape = (s: string) =>
      s
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;');
    const titles = tagTexts(xml, 'title').slice(1); // the first is the channel's
    expect(titles).toEqual(rss.map((a: any) => escape(a.title)));
    const links = tagTexts(xml, 'link').slice(1);
    expect(links).toHaveLength(rss.length);
    for (const link of links.slice(0, 5)) {
      const url = new URL(link); // absolute, or this throws
      expect(url.pathname).toMatch(lang === 'th' ? /^\/article\// : /^\/en\/article\//);
      expect((await request.get(url.pathname)).status(), link).toBe(200);
    }
    for (const date of tagTexts(xml, 'pubDate')) expect(new Date(date).toUTCString()).toBe(date);
    // The page's <head> advertises the feed of its language.
    const home = await (await request.get(inLang('/', lang))).text();
    expect(home).toContain(`type="application/rss+xml"`);
  });
}

test('sitemap XML lists every built page in both languages with hreflang alternates', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const files = tagTexts(index, 'loc');
  expect(files.length).toBeGreaterThan(0);
  const urls: string[] = [];
  let xml = '';
  for (const file of files) {
    const body = await (await request.get(new URL(file).pathname)).text();
    xml += body;
    urls.push(...tagTexts(body, 'loc'));
  }
  const paths = new Set(urls.map((u) => new URL(u).pathname));
  for (const p of [
    '/',
    '/en/',
    '/articles/',
    '/en/articles/',
    '/news/',
    '/en/news/',
    '/activities/',
    '/sitemap/',
    '/article/a/',
    '/en/intro/v2/',
  ]) {
    expect(paths.has(p), p).toBe(true);
  }
  expect(paths.has('/404/')).toBe(false);
  // Thai and English halves match: every Thai page has its English twin.
  const thai = [...paths].filter((p) => !p.startsWith('/en/'));
  const missingTwins = thai.filter((p) => !paths.has(`/en${p}`));
  expect(missingTwins).toEqual([]);
  expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="en" href="[^"]*\/en\/articles\/"\/>/);
  // A sample of listed pages really exists.
  for (const p of [...paths].filter((_, i) => i % 40 === 0)) expect((await request.get(p)).status(), p).toBe(200);
});

for (const lang of LANGS) {
  test(`sitemap page in ${lang} lists the menus`, async ({ page }) => {
    const menu = (await api('/menu', lang)).data;
    await checkPage(page, inLang('/sitemap/', lang), lang);
    for (const item of menu) await expect(page.locator('main')).toContainText(item.title);
    await expect(page.locator(`main a[href="${inLang('/articles/', lang)}"]`).first()).toBeVisible();
    await expect(page.locator('main a[href="/sitemap-index.xml"]')).toBeVisible();
  });
}
