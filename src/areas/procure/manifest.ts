/** Procurement documents by group (/procure/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'procure',
  collections: {
    procure: [],
  },
});
