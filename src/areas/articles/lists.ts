/** The article lists (everything, a category, a department's category) as src/shell/categorised-lists.ts reads them. */
import type { CategorisedArea } from '../../shell/categorised-lists';
import { readArticles, type StoredArticle } from './collection';
import manifest from './manifest';

export const ARTICLES: CategorisedArea<StoredArticle> = {
  kind: 'articles',
  filter: manifest.filter,
  root: '/articles/',
  categoryKey: (c) => c.slug,
  categoryFilter: (c) => ({ category: c.slug }),
  read: readArticles,
};
