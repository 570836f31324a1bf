/** The calendar's events: activities by date. */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'calendar',
  collections: {
    events: ['activity'],
  },
  // Only the upcoming events: the calendar's own list shows every event whatever the date.
  boundaries: {
    events: [{ field: 'endAt', type: 'activity', within: 'upcoming' }],
  },
});
