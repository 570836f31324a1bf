/** Portal paths of the records news lists and the home page link to (docs/routes.md). */
import type { NewsItem } from '../articles/api';

export function newsItemPath(item: Pick<NewsItem, 'type' | 'id' | 'slug'>): string {
  return item.type === 'activity'
    ? `/activity/${encodeURIComponent(item.id)}/`
    : `/article/${encodeURIComponent(item.slug)}/`;
}
