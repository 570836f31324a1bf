/** Manuals by group and their search (/manuals/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'manuals',
  records: ['manual'],
  collections: {
    manuals: ['manual'],
  },
  details: {
    manual: /^\/manual\/view\/([^/?]+)$/,
  },
  filter: { kind: 'manuals', params: 'q cat sub region', keys: ['manualsPage'], categoryLabel: 'group', grid: true },
});
