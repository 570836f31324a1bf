/** The news page's tabs: the newest articles and activities. */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'news',
  collections: {
    news: ['article', 'activity'],
  },
});
