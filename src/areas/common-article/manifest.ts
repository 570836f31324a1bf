/** Common-article modules (/common-article/…). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'common-article',
  collections: {
    commonArticle: [],
  },
});
