/**
 * Calendar events as schema.org Events (JSON-LD for search engines, src/ui/json-ld.ts): the
 * calendar page's upcoming events, each at its own page when it has one (an activity), else
 * the calendar page. Times are the API's (with their +07:00 offset); whole-day events as days.
 */
import type { Event, Graph } from 'schema-dts';
import { absoluteUrl, type PageFacts } from '../../ui/json-ld';
import { bangkokDateKey } from '../../lib/dates';
import { localizePath, type Lang } from '../../i18n';
import type { CalendarEvent } from './api';
import { eventPath } from './event-text';

function calendarEvent(event: CalendarEvent, page: PageFacts, lang: Lang, placeFallback: string): Event {
  const path = eventPath(event);
  const when = (iso: string) => (event.allDay ? bangkokDateKey(iso) : iso);
  return {
    '@type': 'Event',
    name: event.title,
    ...(event.summary ? { description: event.summary } : {}),
    url: path ? absoluteUrl(localizePath(path, lang), page.site) : page.url,
    inLanguage: page.inLanguage,
    startDate: when(event.startAt),
    endDate: when(event.endAt || event.startAt),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: event.location || placeFallback, address: event.location || placeFallback },
    organizer: page.agency,
  };
}

/** The events as one JSON-LD graph (null when there are none). */
export function calendarEvents(
  events: readonly CalendarEvent[],
  page: PageFacts,
  lang: Lang,
  placeFallback: string,
): Graph | null {
  if (events.length === 0) return null;
  return { '@context': 'https://schema.org', '@graph': events.map((e) => calendarEvent(e, page, lang, placeFallback)) };
}
