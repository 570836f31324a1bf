/** The home page's sections: it shows the newest articles, activities, purchases and manuals, and the pop-up. */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'home',
  records: ['popup'],
  collections: {
    home: ['article', 'activity', 'procurement', 'manual', 'popup'],
  },
  // The sections of upcoming events and open purchases.
  boundaries: {
    home: [
      { field: 'endAt', type: 'activity', kind: 'events', within: 'value' },
      { field: 'closingAt', type: 'procurement', kind: 'procurement', within: 'value' },
    ],
  },
});
