/** Articles (/articles/, /article/{slug}/); their category menu comes from the menus. */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'articles',
  records: ['article'],
  collections: {
    articles: ['article', 'menu'],
  },
  details: {
    article: /^\/content\/page\/([^/?]+)$/,
  },
  filter: { kind: 'articles', params: 'q cat sub region province', grid: true },
});
