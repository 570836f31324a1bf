/**
 * An activity as a schema.org Event (JSON-LD for search engines, src/ui/json-ld.ts): its dates
 * as the API gives them (days, in Bangkok), the place, the agency as organiser.
 */
import type { Event, WithContext } from 'schema-dts';
import { absoluteUrl, type PageFacts } from '../../ui/json-ld';
import { bangkokDateKey } from '../../lib/dates';
import type { StoredActivity } from './collection';

export function activityEvent(activity: StoredActivity, page: PageFacts, placeFallback: string): WithContext<Event> {
  const start = bangkokDateKey(activity.startDate);
  const end = activity.endDate ? bangkokDateKey(activity.endDate) : start;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: activity.title,
    ...(activity.summary ? { description: activity.summary } : {}),
    url: page.url,
    inLanguage: page.inLanguage,
    startDate: start,
    endDate: end || start,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: activity.location || placeFallback,
      address: activity.location || placeFallback,
    },
    ...(activity.cover ? { image: absoluteUrl(activity.cover.url, page.site) } : {}),
    organizer: page.agency,
  };
}
