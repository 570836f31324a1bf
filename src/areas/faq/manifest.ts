/** Questions and answers (/faq/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'faq',
  records: ['faq'],
  collections: {
    faq: ['faq'],
  },
  filter: { kind: 'faq', params: 'q cat sub region', categoryLabel: 'group' },
});
