/** Download forms by category (/downloads/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'downloads',
  collections: {
    downloadForms: [],
  },
});
