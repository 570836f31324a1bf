/**
 * The news page's feeds (spec point 7 "Content": /common/public-news, /common/public-news/moc,
 * /common/activity, /common/activity/moc) as one content collection, `news`: one record
 * per feed and language, so the news page's cacheKey names the four feeds it shows.
 */
import { z } from 'zod';
import { apiCollection } from '../../collections/api-collection';
import { readArea } from '../../collections/area-records';
import { getNewsFeed, type NewsFeed, type NewsItem } from '../articles/api';
import type { Lang } from '../../i18n/config';

/** The news page's tabs, in the order they appear; `id` is the tab's anchor and locale key. */
const NEWS_TABS: ReadonlyArray<{ id: string; feed: NewsFeed }> = [
  { id: 'news', feed: 'public-news' },
  { id: 'mocNews', feed: 'public-news/moc' },
  { id: 'activity', feed: 'activity' },
  { id: 'mocActivity', feed: 'activity/moc' },
];

const feedShape = z.object({
  kind: z.literal('feed'),
  feed: z.string().min(1),
  // Checked field by field at the API boundary (src/areas/articles/api.ts); kept typed here.
  items: z.custom<NewsItem[]>((v) => Array.isArray(v), 'is not a list'),
});

export const collections = {
  news: apiCollection({
    endpoint: '/common/*',
    schema: feedShape,
    fetch: async ({ lang, call }) =>
      Promise.all(
        NEWS_TABS.map(async ({ id, feed }) => ({
          key: id,
          data: { kind: 'feed' as const, feed, items: await call(`/common/${feed}`, () => getNewsFeed(feed, lang)) },
        })),
      ),
  }),
};

/** The news tabs of a language with their items, in tab order (a feed that failed to load is absent). */
export async function readNews(lang: Lang) {
  const byKey = await readArea<z.output<typeof feedShape>>('news', lang);
  return NEWS_TABS.flatMap((tab) => {
    const entry = byKey.get(tab.id);
    return entry ? [{ ...tab, entry, items: entry.data.items }] : [];
  });
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
