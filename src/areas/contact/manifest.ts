/** Contact: departments, divisions, provinces (/contact/…). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'contact',
  collections: {
    contact: [],
  },
  filter: {
    kind: 'provinces',
    params: 'q cat sub region',
    namespaces: { contact: ['address', 'phone', 'fax', 'email', 'hours'] },
    grid: true,
  },
});
