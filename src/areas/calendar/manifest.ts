/** The calendar's events: activities by date. */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'calendar',
  collections: {
    events: ['activity'],
  },
});
