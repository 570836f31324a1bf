/** Portal paths of the records news lists and the home page link to (docs/routes.md). */
import type { NewsItem } from '../articles/api';
import { langStaticPaths } from '../../i18n';
import { cacheKeyOf } from '../../collections/api-collection';
import { pageCacheKey } from '../../shell/collection';
import { readNews } from './collection';

export function newsItemPath(item: Pick<NewsItem, 'type' | 'id' | 'slug'>): string {
  return item.type === 'activity'
    ? `/activity/${encodeURIComponent(item.id)}/`
    : `/article/${encodeURIComponent(item.slug)}/`;
}

export async function newsPaths() {
  return Promise.all(
    langStaticPaths().map(async ({ params, props }) => {
      const feeds = await readNews(props.lang);
      return {
        params,
        props: { lang: props.lang, feeds: feeds.map(({ id, items }) => ({ id, items })) },
        cacheKey: cacheKeyOf(
          { id: 'shell', digest: await pageCacheKey(props.lang) },
          feeds.map((f) => f.entry),
        ),
      };
    }),
  );
}
