/** Laws and their categories (/laws/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'laws',
  records: ['law'],
  collections: {
    laws: ['law'],
    lawTaxonomy: ['law'],
  },
  filter: { kind: 'laws', params: 'q cat sub region', keys: ['lawsPage', 'units'] },
});
