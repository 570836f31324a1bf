/** Books of the e-magazine (/e-magazine/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'e-magazine',
  collections: {
    books: [],
  },
  filter: { kind: 'books', params: 'q cat sub region', grid: true },
});
