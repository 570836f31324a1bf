/** Multimedia (/multimedia/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'multimedia',
  collections: {
    media: [],
  },
  filter: { kind: 'media', params: 'q cat sub region', grid: true },
});
