/** The home page's services (/home-services/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'home-services',
  collections: {
    homeServices: [],
  },
});
