/** Where the calendar files live (src/areas/calendar/calendar-files.ts), for the pages that link them. */
import { localizePath } from '../../i18n/paths';
import type { Lang } from '../../i18n/config';

export const activityCalendarPath = (id: string) => `/activity/${encodeURIComponent(id)}.ics`;
export const eventCalendarPath = (id: string) => `/calendar/event/${encodeURIComponent(id)}.ics`;
export const COMING_EVENTS_PATH = '/calendar/events.ics';

/** A file's path in a language, without the trailing slash localizePath gives pages. */
export const calendarFileHref = (path: string, lang: Lang) => localizePath(path, lang).replace(/\/$/, '');
