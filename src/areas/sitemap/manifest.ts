/** The sitemap's options (astro.config.mjs): no collection. */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'sitemap',
});
