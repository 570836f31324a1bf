/** Collapse modules (/collapse/…) and the manual highlights they show. */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'collapse',
  collections: {
    collapse: [],
    collapseHighlights: ['manual'],
  },
});
