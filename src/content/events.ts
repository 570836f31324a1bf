/**
 * The calendar's build-time data (`/calendar/`, static fallback of the calendar island):
 * one record per language holding every event of GET /common/events (no range: the API
 * answers all of them) with the category list, and the upcoming events of
 * GET /home/events-and-seminar. The page shows both without JavaScript; the island then
 * loads month by month.
 */
import { z } from 'zod';
import { getEntry } from 'astro:content';
import { apiCollection } from './api-collection';
import { getEvents, type CalendarEvent, type EventCategory } from '../api/events';
import { getEventsAndSeminars } from '../api/home';
import type { Lang } from '../i18n/config';

// Stored in the portal's own types (src/api's boundary has checked every field already).
const list = <T>() => z.custom<T[]>((v) => Array.isArray(v), 'is not a list');

export const eventsPageSchema = z.object({
  events: list<CalendarEvent>(),
  categories: list<EventCategory>(),
  upcoming: list<CalendarEvent>(),
});
export type EventsPageData = z.output<typeof eventsPageSchema>;

export const eventsCollections = {
  events: apiCollection({
    endpoint: '/common/events',
    schema: eventsPageSchema,
    fetch: async ({ lang, call }) => {
      const [calendar, upcoming] = await Promise.all([
        call('/common/events', () => getEvents({}, lang)),
        call('/home/events-and-seminar', () => getEventsAndSeminars(lang)),
      ]);
      const events = [...calendar.events].sort((a, b) => a.startAt.localeCompare(b.startAt));
      return [{ key: 'main', data: { events, categories: calendar.categories, upcoming } }];
    },
  }),
};

/** The calendar record of a language (undefined when the API had none). */
export function getEventsEntry(lang: Lang) {
  return getEntry('events', `${lang}/main`);
}
