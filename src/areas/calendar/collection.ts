/**
 * The calendar's build-time data (`/calendar/`): one record per language holding every event
 * of GET /common/events from 12 months before the build's month to 12 months after it, the
 * category list, and the upcoming events of GET /home/events-and-seminar.
 *
 * Events change only when editors publish, which rebuilds the site, so this record is all the
 * calendar ever shows: the page renders it as a list that reads without JavaScript and hands
 * it to the calendar island as a compact prop (`calendarIslandData`); the island makes no
 * request. The range is bounded because the agency's API is asked for dates, not "everything";
 * the island keeps its month navigation inside the same range.
 */
import { z } from 'zod';
import { getEntry } from 'astro:content';
import { apiCollection } from '../../collections/api-collection';
import { getEvents, getEventsAndSeminars, type CalendarEvent, type EventCategory } from './api';
import { localizePath } from '../../i18n/paths';
import type { Lang } from '../../i18n/config';
import { eventPath } from './event-text';
import { eventCalendarPath } from './file-paths';
import { localizeFilePath } from '../../i18n/paths';
import { monthKey, monthOf, monthRange, shiftMonth, type CalendarData } from './store';

/** Months before and after the build's (Bangkok) month that the calendar covers. */
const CALENDAR_MONTHS_AROUND = 12;

// Stored in the portal's own types (src/api's boundary has checked every field already).
const list = <T>() => z.custom<T[]>((v) => Array.isArray(v), 'is not a list');

const eventsPageSchema = z.object({
  events: list<CalendarEvent>(),
  categories: list<EventCategory>(),
  upcoming: list<CalendarEvent>(),
  /** The months (YYYY-MM) the events were fetched for, first and last included. */
  firstMonth: z.string().regex(/^\d{4}-\d{2}$/),
  lastMonth: z.string().regex(/^\d{4}-\d{2}$/),
});
export type EventsPageData = z.output<typeof eventsPageSchema>;

/** The build's month ± CALENDAR_MONTHS_AROUND, as months and as the API's from/to dates. */
function calendarRange(now: Date = new Date()) {
  const current = monthOf(now);
  const first = shiftMonth(current, -CALENDAR_MONTHS_AROUND);
  const last = shiftMonth(current, CALENDAR_MONTHS_AROUND);
  return {
    firstMonth: monthKey(first),
    lastMonth: monthKey(last),
    from: monthRange(first).from,
    to: monthRange(last).to,
  };
}

export const collections = {
  events: apiCollection({
    endpoint: '/common/events',
    schema: eventsPageSchema,
    // The months asked for follow the build's date: a new month reads the calendar again.
    syncKey: () => calendarRange().from,
    fetch: async ({ lang, call }) => {
      const { firstMonth, lastMonth, from, to } = calendarRange();
      const [calendar, upcoming] = await Promise.all([
        call('/common/events', () => getEvents({ from, to }, lang)),
        call('/home/events-and-seminar', () => getEventsAndSeminars(lang)),
      ]);
      const events = [...calendar.events].sort((a, b) => a.startAt.localeCompare(b.startAt));
      return [{ key: 'main', data: { events, categories: calendar.categories, upcoming, firstMonth, lastMonth } }];
    },
  }),
};

/** The calendar record of a language (undefined when the API had none). */
export function getEventsEntry(lang: Lang) {
  return getEntry('events', `${lang}/main`);
}

/** Only what the calendar island shows, links already in the page's language. */
export function calendarIslandData(data: EventsPageData, lang: Lang): CalendarData {
  return {
    events: data.events.map((event) => {
      const path = eventPath(event);
      return {
        id: event.id,
        title: event.title,
        startAt: event.startAt,
        endAt: event.endAt,
        allDay: event.allDay,
        location: event.location,
        categoryId: event.category.id,
        link: path ? localizePath(path, lang) : null,
        ics: localizeFilePath(eventCalendarPath(event.id), lang),
      };
    }),
    categories: categoriesOf(data),
    firstMonth: data.firstMonth,
    lastMonth: data.lastMonth,
  };
}

/** The API's categories, plus any an event carries that the list lacks (so every event has a colour and a filter entry). */
function categoriesOf(data: EventsPageData): CalendarData['categories'] {
  const byId = new Map(data.categories.map(({ id, title, color }) => [id, { id, title, color }]));
  for (const { category } of data.events)
    if (!byId.has(category.id))
      byId.set(category.id, { id: category.id, title: category.title, color: category.color });
  return [...byId.values()];
}

// The content config's types (src/content.config.ts): this area's collections.
type Collections = typeof collections;
declare module '../../collections/area-manifest' {
  interface AreaCollections extends Collections {}
}
