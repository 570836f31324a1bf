/**
 * The sitemap's hreflang alternates (options.mjs): each page links to itself and its twin in
 * the other language when the twin is listed too, in the order @astrojs/sitemap's own `i18n`
 * option gives (its sort of page URLs), and a second build in the same process starts afresh.
 */
import type { SitemapItem } from '@astrojs/sitemap';
import { describe, expect, it } from 'vitest';
// The integration's own i18n alternates (not exported): what these options must give, faster.
import { generateSitemap } from '../../../node_modules/@astrojs/sitemap/dist/generate-sitemap.js';
import { sitemapOptions } from './options.mjs';

const SITE = 'https://portal.example/';

/** One build's listing as the integration runs it: every page filtered, then each kept one serialised. */
async function list(paths: string[]) {
  const kept = paths.map((p) => new URL(p, SITE).href).filter((url) => sitemapOptions.filter!(url));
  const items = await Promise.all(kept.map((url) => sitemapOptions.serialize!({ url } as SitemapItem)));
  return new Map(items.map((item) => [new URL(item!.url).pathname, item!.links?.map((l) => `${l.lang} ${l.url}`)]));
}

describe('sitemap alternates', () => {
  it('links a page and its twin both ways, and a page without a twin to nothing', async () => {
    const links = await list(['/', '/en/', '/articles/', '/en/articles/', '/article/only-thai/', '/404/']);
    expect(links.get('/')).toEqual([`th ${SITE}`, `en ${SITE}en/`]);
    expect(links.get('/en/')).toEqual(links.get('/'));
    expect(links.get('/articles/')).toEqual([`th ${SITE}articles/`, `en ${SITE}en/articles/`]);
    expect(links.get('/en/articles/')).toEqual(links.get('/articles/'));
    expect(links.get('/article/only-thai/')).toBeUndefined();
    expect(links.has('/404/')).toBe(false);
  });

  it('gives the links the integration’s own i18n option gives, in its order', async () => {
    const paths = [
      '/',
      '/en/',
      '/article/2/',
      '/article/10/',
      '/en/article/10/',
      '/en/article/2/',
      '/en/only-english/',
    ];
    paths.push('/law/a-1/', '/en/law/a-1/', '/webboard/', '/en/webboard/', '/th-page/', '/entrance/', '/en/entrance/');
    const ours = await list(paths);
    const urls = paths.map((p) => new URL(p, SITE).href);
    const theirs = generateSitemap(urls, SITE, { i18n: { defaultLocale: 'th', locales: { th: 'th', en: 'en' } } });
    for (const item of theirs) {
      expect(ours.get(new URL(item.url).pathname), item.url).toEqual(item.links?.map((l) => `${l.lang} ${l.url}`));
    }
  });

  it('forgets the pages of an earlier build in the same process', async () => {
    await list(['/news/', '/en/news/']);
    const links = await list(['/news/']);
    expect(links.get('/news/')).toBeUndefined();
  });
});
