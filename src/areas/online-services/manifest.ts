/** Online services (/online-services/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'online-services',
  collections: {
    onlineServices: [],
  },
});
