/** Organisation charts and staff (/organization/…). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'organization',
  collections: {
    organization: [],
  },
});
