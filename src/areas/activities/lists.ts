/** The activity lists (everything, a category, a department's category) as src/shell/categorised-lists.ts reads them. */
import type { CategorisedArea } from '../../shell/categorised-lists';
import { readActivities, type StoredActivity } from './collection';
import manifest from './manifest';

export const ACTIVITIES: CategorisedArea<StoredActivity> = {
  kind: 'activities',
  filter: manifest.filter,
  root: '/activities/',
  categoryKey: (c) => c.id,
  categoryFilter: (c) => ({ cid: c.id }),
  read: readActivities,
};
