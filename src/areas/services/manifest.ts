/** Services (/services/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'services',
  collections: {
    services: [],
  },
});
