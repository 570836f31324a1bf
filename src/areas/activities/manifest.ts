/** Activities (/activities/, /activity/{id}/). */
import { defineArea } from '../../collections/area-manifest.ts';

export default defineArea({
  name: 'activities',
  records: ['activity'],
  collections: {
    activities: ['activity'],
  },
  details: {
    activity: /^\/activity\/page\/([^/?]+)$/,
  },
  filter: { kind: 'activities', params: 'q cat sub region sort', keys: ['activitiesPage'], grid: true, sort: true },
});
