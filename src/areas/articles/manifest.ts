/** Articles (/articles/, /article/{slug}/); the menus link to article pages no list shows (the about page). */
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
  linkedBy: ['menu'],
  filter: { kind: 'articles', params: 'q cat sub region province', grid: true },
});
