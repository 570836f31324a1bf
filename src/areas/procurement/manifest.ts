/** Purchases (/procurement/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'procurement',
  records: ['procurement'],
  collections: {
    purchases: ['procurement'],
  },
  boundaries: {
    purchases: [{ field: 'closingAt', type: 'procurement' }],
  },
  details: {
    procurement: /^\/purchase\/view\/([^/?]+)$/,
  },
  filter: { kind: 'procurement', params: 'q cat sub region', keys: ['procurementPage'], categoryLabel: 'group' },
});
