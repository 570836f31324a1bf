/**
 * The article feed of a language (/rss.xml, /en/rss.xml) from the stored /content/rss
 * records, as an Astro endpoint response. Links use the site's canonical origin (SITE_URL).
 */
import type { APIRoute } from 'astro';
import { readArticles } from './collection';
import { renderRss } from '../../lib/rss';
import { getT, HTML_LANG, localizePath, type Lang } from '../../i18n';

async function rssResponse(lang: Lang, site: URL | undefined): Promise<Response> {
  const origin = site ?? new URL('http://127.0.0.1:4321');
  const abs = (path: string) => new URL(localizePath(path, lang), origin).href;
  const t = getT(lang);
  const agency = t('agency.name');
  const { rss } = await readArticles(lang);
  const xml = renderRss({
    title: t('rssFeed.title', { agency }),
    link: abs('/'),
    self: new URL(lang === 'th' ? '/rss.xml' : '/en/rss.xml', origin).href,
    description: t('rssFeed.description', { agency }),
    language: HTML_LANG[lang],
    items: rss.map(({ data: a }) => ({
      title: a.title,
      link: abs(`/article/${encodeURIComponent(a.slug)}/`),
      description: a.summary,
      pubDate: a.publishedAt,
      category: a.category.title,
    })),
  });
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}

/** GET /rss.xml: the Thai feed. */
export const thaiFeed: APIRoute = ({ site }) => rssResponse('th', site);

/** GET /en/rss.xml: the English feed. */
export const englishFeed: APIRoute = ({ site }) => rssResponse('en', site);
